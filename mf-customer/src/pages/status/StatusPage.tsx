import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { apiJson } from '@groupflow/shell-kit';
import { statusEndpoint, type StatusResponse } from '@groupflow/core/contracts';
import { OVERALL_LABEL, shownFigures, shownStatus, STATUS_LABEL, STATUS_REFRESH_MS, type ShownStatus } from './statusView.ts';
import './status.css';

const BADGE: Record<ShownStatus, string> = {
  operational: 'badge badge-success',
  degraded: 'badge badge-warning',
  down: 'badge badge-danger',
  unknown: 'badge',
};
const SEVERITY_BADGE = { critical: 'badge badge-danger', major: 'badge badge-warning', minor: 'badge' } as const;

const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '—');
const percent = (value: number) => `${value.toFixed(2)}%`;

/** /status (spec 1 section 2.15): GET /api/status every 30 s. */
export default function StatusPage() {
  const query = useQuery({
    queryKey: [statusEndpoint.path],
    queryFn: () => apiJson<StatusResponse>(statusEndpoint.path),
    refetchInterval: STATUS_REFRESH_MS,
  });
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

      {query.isLoading && (
        <div className="card row" role="status">
          <div className="spinner" aria-hidden="true" />
          <span>Loading status...</span>
        </div>
      )}
      {query.isError && (
        <div className="alert alert-danger" role="alert">
          <strong>Could not load the current status.</strong> {query.error.message}{' '}
          <button type="button" className="btn btn-outline" onClick={() => void query.refetch()}>
            Retry
          </button>
        </div>
      )}

      {status && (
        <section className={`card status-overall status-${overall}`} aria-live="polite">
          <h2 className="card-title">{OVERALL_LABEL[overall]}</h2>
          <p className="muted">{percent(figures.uptime)} uptime</p>
        </section>
      )}

      <section className="status-metrics" aria-label="Metrics">
        <div className="card">
          <p className="muted small">Uptime</p>
          <p className="status-figure">{percent(figures.uptime)}</p>
        </div>
        <div className="card">
          <p className="muted small">Success Rate</p>
          <p className="status-figure">{percent(figures.successRate)}</p>
          <p className="small muted">{figures.totalRequests.toLocaleString()} requests</p>
        </div>
        <div className="card">
          <p className="muted small">Avg Response Time</p>
          <p className="status-figure">{Math.round(figures.avgResponseTime)} ms</p>
        </div>
        <div className="card">
          <p className="muted small">Active Bots</p>
          <p className="status-figure">
            {figures.activeBots} / {figures.totalBots}
          </p>
        </div>
        <div className="card">
          <p className="muted small">Connected Users</p>
          <p className="status-figure">{figures.connectedUsers}</p>
        </div>
      </section>

      {status && (
        <section className="card stack" aria-labelledby="services-title">
          <h2 id="services-title" className="card-title">
            Services
          </h2>
          {status.services.length === 0 ? (
            <p className="muted">No services reported.</p>
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
                      {service.responseTime !== null && <span className="small muted">{Math.round(service.responseTime)} ms</span>}
                      <span className={BADGE[shown]}>{STATUS_LABEL[shown]}</span>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      )}

      {status && (
        <section className="card stack" aria-labelledby="incidents-title">
          <h2 id="incidents-title" className="card-title">
            Recent Incidents
          </h2>
          {status.incidents.length === 0 ? (
            <p className="muted">No incidents reported.</p>
          ) : (
            <ul className="status-incidents">
              {status.incidents.map((incident) => (
                <li key={incident.id} className="status-incident stack">
                  <div className="spread">
                    <strong>{incident.title}</strong>
                    <span className="row">
                      <span className={SEVERITY_BADGE[incident.severity]}>{incident.severity}</span>
                      <span className={incident.status === 'completed' ? 'badge badge-success' : 'badge badge-warning'}>{incident.status}</span>
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
        </section>
      )}
    </main>
  );
}
