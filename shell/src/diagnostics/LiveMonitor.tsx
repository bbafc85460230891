import { useEffect, useRef, useState } from 'react';
import {
  Badge,
  Button,
  EmptyState,
  endpointUrl,
  STAFF_TOKEN_KEY,
  onDiagnostic,
  type BadgeTone,
  type DiagnosticReport,
  type EndpointRoute,
} from '@groupflow/shell-kit';
import { TabPanel, Tabs } from '@groupflow/shell-kit/tabs';
import type { StatusResponse } from '@groupflow/core/contracts';
import { GET_DEBUG, GET_HEALTH, GET_STATUS, GET_USER } from '../api/routes.ts';
import { ERROR_RATE_ALERT_PERCENT, MONITOR_POLL_MS } from './constants.ts';
import {
  addIssue,
  clearResolved,
  INITIAL_METRICS,
  issueFromReport,
  monitorShown,
  issuesFromPoll,
  nextMetrics,
  resolveIssue,
  type IssueCandidate,
  type MonitorIssue,
  type PollOutcome,
} from './monitorState.ts';
import './diagnostics.css';

/**
 * One monitored call, read raw: the monitor reports the status and the body of any answer, and an unreachable
 * server as such, where the typed client would only throw.
 */
async function probe(route: EndpointRoute): Promise<{ ok: boolean; status: number | null; body: unknown }> {
  try {
    const response = await fetch(endpointUrl(route), { credentials: 'include' });
    const body: unknown = await response.json().catch(() => null);
    return { ok: response.ok, status: response.status, body };
  } catch {
    return { ok: false, status: null, body: null };
  }
}

async function poll(): Promise<PollOutcome> {
  const [health, debug, user, status] = await Promise.all([
    probe(GET_HEALTH),
    probe(GET_DEBUG),
    probe(GET_USER),
    probe(GET_STATUS),
  ]);
  const database = (health.body as { database?: string } | null)?.database ?? 'unknown';
  return {
    health: health.ok ? { ok: true, database } : { ok: false, status: health.status },
    debug: {
      ok: debug.ok,
      status: debug.status,
      environment: (debug.body as { environment?: string } | null)?.environment ?? null,
    },
    user: { ok: user.ok, status: user.status },
    // Typed, not parsed, like every answer the kit's client reads: the contract tests hold the server to the
    // schema, and zod stays off the pages that show the monitor.
    status: status.ok && status.body ? (status.body as StatusResponse) : null,
  };
}

const TYPE_TONE: Record<MonitorIssue['type'], BadgeTone> = { critical: 'danger', warning: 'warning', info: 'neutral' };
const time = (ms: number) => new Date(ms).toLocaleTimeString();

/**
 * Spec 3 section 2.7: a floating, collapsible monitor with Issues and Metrics. Polls health, debug and user (and the
 * server's status figures) every 10 s, and lists what the global request wrapper reports in between.
 */
export default function LiveMonitor({ earlierReports }: { earlierReports: DiagnosticReport[] }) {
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<'issues' | 'metrics'>('issues');
  const [issues, setIssues] = useState<MonitorIssue[]>([]);
  const [metrics, setMetrics] = useState(INITIAL_METRICS);
  const [lastPoll, setLastPoll] = useState<{ at: number; status: StatusResponse | null } | null>(null);
  const sequence = useRef(0);

  const add = (candidates: IssueCandidate[]) =>
    setIssues((current) =>
      candidates.reduce(
        (list, candidate) => addIssue(list, candidate, Date.now(), `issue-${++sequence.current}`),
        current,
      ),
    );

  useEffect(() => {
    const issuesOf = (reports: DiagnosticReport[]) =>
      reports.map(issueFromReport).filter((issue): issue is IssueCandidate => issue !== null);
    add(issuesOf(earlierReports));
    const unsubscribe = onDiagnostic((report) => add(issuesOf([report])));
    let alive = true;
    const run = async () => {
      const outcome = await poll();
      if (!alive) return;
      add(issuesFromPoll(outcome));
      setMetrics((previous) => nextMetrics(previous, outcome.health.ok, outcome.status, Math.random));
      setLastPoll({ at: Date.now(), status: outcome.status });
    };
    void run();
    const timer = setInterval(() => void run(), MONITOR_POLL_MS);
    return () => {
      alive = false;
      unsubscribe();
      clearInterval(timer);
    };
    // earlierReports are the ones buffered before this chunk loaded: read once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const unresolved = issues.filter((issue) => !issue.resolved);
  const critical = unresolved.some((issue) => issue.type === 'critical');

  // Hidden, it still polls: the connection-issue modal opens for every visitor when the API stops answering.
  // A stored staff token is enough to draw an operator's tool (the kit's session helpers would bring react-query).
  const staffSignedIn = Boolean(localStorage.getItem(STAFF_TOKEN_KEY));
  if (!monitorShown(window.location.search, staffSignedIn)) return null;
  if (!open) {
    return (
      <button
        type="button"
        className={`diag-monitor-toggle ${critical ? 'diag-monitor-alert' : ''}`}
        aria-expanded={false}
        aria-controls="live-monitor"
        onClick={() => setOpen(true)}
      >
        System Monitor{unresolved.length > 0 && <Badge tone="danger">{unresolved.length}</Badge>}
      </button>
    );
  }

  return (
    <section id="live-monitor" className="diag-monitor" aria-label="Live System Monitor">
      <div className="spread diag-monitor-head">
        <strong>Live System Monitor</strong>
        <Button variant="ghost" aria-expanded onClick={() => setOpen(false)} aria-label="Collapse monitor">
          −
        </Button>
      </div>
      <Tabs
        tabs={[
          { value: 'issues', label: `Issues (${unresolved.length})` },
          { value: 'metrics', label: 'Metrics' },
        ]}
        value={tab}
        onValueChange={setTab}
        label="Monitor views"
        className="diag-monitor-tabs"
      >
        <TabPanel value="issues" className="stack diag-monitor-body">
          {issues.length === 0 ? (
            <EmptyState title="No issues detected" description="Checks run every 10 seconds." />
          ) : (
            <ul className="diag-issues">
              {issues.map((issue) => (
                <li key={issue.id} className={issue.resolved ? 'diag-issue diag-issue-resolved' : 'diag-issue'}>
                  <div className="spread">
                    <Badge tone={TYPE_TONE[issue.type]}>{issue.type}</Badge>
                    <span className="small muted">{time(issue.timestamp)}</span>
                  </div>
                  <p className="small">
                    <strong>{issue.component}</strong>: {issue.message}
                  </p>
                  {issue.details && <p className="small muted diag-issue-details">{issue.details}</p>}
                  <label className="small row">
                    <input
                      type="checkbox"
                      checked={issue.resolved}
                      disabled={issue.resolved}
                      onChange={() => setIssues((current) => resolveIssue(current, issue.id))}
                    />
                    {issue.resolved ? 'Resolved' : 'Mark resolved'}
                  </label>
                </li>
              ))}
            </ul>
          )}
          <Button
            variant="outline"
            disabled={!issues.some((issue) => issue.resolved)}
            onClick={() => setIssues(clearResolved)}
          >
            Clear Resolved
          </Button>
        </TabPanel>
        <TabPanel value="metrics" className="diag-monitor-body">
          <dl className="diag-metrics">
            <dt>Uptime</dt>
            <dd>{metrics.uptime.toFixed(1)}%</dd>
            <dt>Database Connections</dt>
            <dd>{metrics.databaseConnections}</dd>
            <dt>Active Users</dt>
            <dd>{metrics.activeUsers}</dd>
            <dt>Response Time</dt>
            <dd>{Math.round(metrics.responseTime)} ms</dd>
            <dt>Error Rate</dt>
            <dd className={metrics.errorRate > ERROR_RATE_ALERT_PERCENT ? 'diag-bad' : 'diag-good'}>
              {metrics.errorRate}%
            </dd>
          </dl>
          <p className="small muted">
            {lastPoll
              ? `Last checked ${time(lastPoll.at)}${lastPoll.status ? ` · ${lastPoll.status.metrics.totalRequests} requests in the last ${Math.round(lastPoll.status.metrics.windowSeconds / 60)} min` : ' · server figures unavailable'}`
              : 'Waiting for the first check...'}
          </p>
        </TabPanel>
      </Tabs>
    </section>
  );
}
