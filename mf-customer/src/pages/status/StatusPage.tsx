import { Link } from '@groupflow/shell-kit/router';
import { Badge, Card, EmptyState, QueryView, type BadgeTone, useEndpointQuery } from '@groupflow/shell-kit';
import { API } from '@groupflow/core/contracts';
import {
  botUptimeText,
  OVERALL_LABEL,
  shownFigures,
  shownStatus,
  STATUS_LABEL,
  STATUS_REFRESH_MS,
  type ShownStatus,
} from './statusView.ts';
import './status.css';

const TONE: Record<ShownStatus, BadgeTone> = {
  operational: 'success',
  degraded: 'warning',
  down: 'danger',
  unknown: 'neutral',
};
const SEVERITY_TONE: Record<string, BadgeTone> = { critical: 'danger', major: 'warning', minor: 'neutral' };

const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '—');
const percent = (value: number) => `${value.toFixed(2)}%`;

/** /status (spec 1 section 2.15): GET /api/status every 30 s. */
export default function StatusPage() {
  const query = useEndpointQuery(API.diagnostics.getSystemStatus, undefined, { refetchInterval: STATUS_REFRESH_MS });
  const status = query.data;
  const figures = shownFigures(status);
  const overall = shownStatus(status?.overall);

  return (
    <main className="page container stack status-page">
      <Link className="btn btn-ghost" to="/" style={{ alignSelf: 'flex-start' }}>
        Back to Home
      </Link>
      <header className="spread">
        <div>
          <h1>System Status</h1>
          <p className="muted">Live status of GroupFlow and the services it depends on. Refreshes every 30 seconds.</p>
        </div>
        {status && <p className="small muted">Last updated: {when(status.lastUpdated ?? status.startedAt)}</p>}
      </header>

      <QueryView
        query={query}
        loading="Loading status..."
        error={(error) => `Could not load the current status. ${(error as Error).message}`}
        retryLabel="Retry"
      >
        {() => (
          <Card title={OVERALL_LABEL[overall]} className={`status-overall status-${overall}`} aria-live="polite">
            <p className="muted">{percent(figures.uptime)} uptime</p>
          </Card>
        )}
      </QueryView>

      <section className="status-metrics" aria-label="Metrics">
        <Card>
          <p className="muted small">Uptime</p>
          <p className="status-figure">{percent(figures.uptime)}</p>
        </Card>
        {(['last24h', 'last30d'] as const).map((window) => (
          <Card key={window}>
            <p className="muted small">Bot Uptime ({window === 'last24h' ? '24 hours' : '30 days'})</p>
            <p className="status-figure">{botUptimeText(status?.botUptime?.[window] ?? null)}</p>
            <p className="small muted">from the bot&apos;s heartbeats</p>
          </Card>
        ))}
        <Card>
          <p className="muted small">Success Rate</p>
          <p className="status-figure">{percent(figures.successRate)}</p>
          <p className="small muted">{figures.totalRequests.toLocaleString()} requests</p>
        </Card>
        <Card>
          <p className="muted small">Avg Response Time</p>
          <p className="status-figure">{Math.round(figures.avgResponseTime)} ms</p>
        </Card>
        {figures.totalBots !== null && (
          <Card>
            <p className="muted small">Active Bots</p>
            <p className="status-figure">
              {figures.activeBots} / {figures.totalBots}
            </p>
          </Card>
        )}
        <Card>
          <p className="muted small">Connected Users</p>
          <p className="status-figure">{figures.connectedUsers}</p>
        </Card>
      </section>

      {status && (
        <Card title="Services" className="stack">
          {status.services.length === 0 ? (
            <EmptyState title="No services reported" />
          ) : (
            <ul className="status-services">
              {status.services.map((service) => {
                const shown = shownStatus(service.status);
                return (
                  <li key={service.name} className="spread status-service" data-service={service.name}>
                    <div>
                      <strong>{service.name}</strong>
                      <p className="small muted">{service.description}</p>
                      {service.detail && shown !== 'operational' && <p className="small muted">{service.detail}</p>}
                    </div>
                    <div className="status-service-figures">
                      {service.uptime !== null && <span className="small muted">{percent(service.uptime)} uptime</span>}
                      {service.responseTime !== null && (
                        <span className="small muted">{Math.round(service.responseTime)} ms</span>
                      )}
                      <Badge tone={TONE[shown]}>{STATUS_LABEL[shown]}</Badge>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </Card>
      )}

      {status && (
        <Card title="Recent Incidents" className="stack">
          {status.incidents.length === 0 ? (
            <EmptyState
              title="No incidents reported"
              description="Incidents appear here when a service is degraded or down."
            />
          ) : (
            <ul className="status-incidents">
              {status.incidents.map((incident) => (
                <li key={incident.id} className="status-incident stack">
                  <div className="spread">
                    <strong>{incident.title}</strong>
                    <span className="row">
                      <Badge tone={SEVERITY_TONE[incident.severity] ?? 'neutral'}>{incident.severity}</Badge>
                      <Badge tone={incident.status === 'completed' ? 'success' : 'warning'}>{incident.status}</Badge>
                    </span>
                  </div>
                  <p className="small muted">
                    Started {when(incident.startTime)}
                    {incident.endTime && ` · ended ${when(incident.endTime)}`}
                  </p>
                  <p>{incident.description}</p>
                  <ol className="status-updates">
                    {incident.updates.map((update) => (
                      <li key={`${update.time}-${update.message}`} className="small">
                        <span className="muted">{when(update.time)}</span> — {update.message}
                      </li>
                    ))}
                  </ol>
                </li>
              ))}
            </ul>
          )}
        </Card>
      )}
    </main>
  );
}
