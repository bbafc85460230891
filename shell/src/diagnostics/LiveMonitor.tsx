import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Badge, onDiagnostic, type DiagnosticReport } from '@groupflow/shell-kit';
import type { StatusResponse } from '@groupflow/core/contracts';
import { MONITOR_POLL_MS } from './constants.ts';
import {
  addIssue,
  INITIAL_METRICS,
  issueFromReport,
  issuesFromPoll,
  nextMetrics,
  type IssueCandidate,
  type MonitorIssue,
  type PollOutcome,
} from './monitorState.ts';
import './diagnostics.css';

// The open panel (Radix tabs, the lists) loads when it is opened; the collapsed button polls and counts.
const MonitorPanel = lazy(() => import('./MonitorPanel.tsx'));

async function probe(path: string): Promise<{ ok: boolean; status: number | null; body: unknown }> {
  try {
    const response = await fetch(path, { credentials: 'include' });
    const body: unknown = await response.json().catch(() => null);
    return { ok: response.ok, status: response.status, body };
  } catch {
    return { ok: false, status: null, body: null };
  }
}

async function poll(): Promise<PollOutcome> {
  const [health, debug, user, status] = await Promise.all([probe('/api/health'), probe('/api/debug'), probe('/api/user'), probe('/api/status')]);
  const database = (health.body as { database?: string } | null)?.database ?? 'unknown';
  return {
    health: health.ok ? { ok: true, database } : { ok: false, status: health.status },
    debug: { ok: debug.ok, status: debug.status },
    user: { ok: user.ok, status: user.status },
    // Typed, not parsed, like every answer the kit's client reads: the contract tests hold the server to the
    // schema, and zod stays off the pages that only show the monitor.
    status: status.ok && status.body ? (status.body as StatusResponse) : null,
  };
}

export interface LastPoll {
  at: number;
  status: StatusResponse | null;
}

/**
 * Spec 3 section 2.7: a floating, collapsible monitor with Issues and Metrics. Polls health, debug and user (and the
 * server's status figures) every 10 s, and lists what the global request wrapper reports in between.
 */
export default function LiveMonitor({ earlierReports }: { earlierReports: DiagnosticReport[] }) {
  const [open, setOpen] = useState(false);
  const [issues, setIssues] = useState<MonitorIssue[]>([]);
  const [metrics, setMetrics] = useState(INITIAL_METRICS);
  const [lastPoll, setLastPoll] = useState<LastPoll | null>(null);
  const sequence = useRef(0);

  const add = (candidates: IssueCandidate[]) =>
    setIssues((current) => candidates.reduce((list, candidate) => addIssue(list, candidate, Date.now(), `issue-${++sequence.current}`), current));

  useEffect(() => {
    add(earlierReports.map(issueFromReport));
    const unsubscribe = onDiagnostic((report) => add([issueFromReport(report)]));
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
    <Suspense fallback={null}>
      <MonitorPanel
        issues={issues}
        metrics={metrics}
        lastPoll={lastPoll}
        onIssuesChange={setIssues}
        onCollapse={() => setOpen(false)}
      />
    </Suspense>
  );
}
