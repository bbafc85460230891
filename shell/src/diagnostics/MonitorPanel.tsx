import { useState } from 'react';
import { Badge, Button, EmptyState, type BadgeTone } from '@groupflow/shell-kit';
import { TabPanel, Tabs } from '@groupflow/shell-kit/tabs';
import { ERROR_RATE_ALERT_PERCENT } from './constants.ts';
import { clearResolved, resolveIssue, type MonitorIssue, type MonitorMetrics } from './monitorState.ts';
import type { LastPoll } from './LiveMonitor.tsx';

const TYPE_TONE: Record<MonitorIssue['type'], BadgeTone> = { critical: 'danger', warning: 'warning', info: 'neutral' };
const time = (ms: number) => new Date(ms).toLocaleTimeString();

/** The open live monitor (spec 3 section 2.7): Issues and Metrics tabs over what LiveMonitor collected. */
export default function MonitorPanel({
  issues,
  metrics,
  lastPoll,
  onIssuesChange,
  onCollapse,
}: {
  issues: MonitorIssue[];
  metrics: MonitorMetrics;
  lastPoll: LastPoll | null;
  /** Changes the collected issues (resolve, clear), as a state update of LiveMonitor. */
  onIssuesChange: (update: (issues: MonitorIssue[]) => MonitorIssue[]) => void;
  onCollapse: () => void;
}) {
  const [tab, setTab] = useState<'issues' | 'metrics'>('issues');
  const unresolved = issues.filter((issue) => !issue.resolved);

  return (
    <section id="live-monitor" className="diag-monitor" aria-label="Live System Monitor">
      <div className="spread diag-monitor-head">
        <strong>Live System Monitor</strong>
        <Button variant="ghost" aria-expanded onClick={onCollapse} aria-label="Collapse monitor">
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
                      onChange={() => onIssuesChange((current) => resolveIssue(current, issue.id))}
                    />
                    {issue.resolved ? 'Resolved' : 'Mark resolved'}
                  </label>
                </li>
              ))}
            </ul>
          )}
          <Button variant="outline" disabled={!issues.some((issue) => issue.resolved)} onClick={() => onIssuesChange(clearResolved)}>
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
            <dd className={metrics.errorRate > ERROR_RATE_ALERT_PERCENT ? 'diag-bad' : 'diag-good'}>{metrics.errorRate}%</dd>
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
