import type { DiagnosticReport } from '@groupflow/shell-kit';
import type { StatusResponse } from '@groupflow/core/contracts';
import { MONITOR_MAX_ISSUES } from './constants.ts';

export type IssueType = 'critical' | 'warning' | 'info';

/** A live monitor issue (spec 3 section 3, "Other shapes"). */
export interface MonitorIssue {
  id: string;
  type: IssueType;
  component: string;
  message: string;
  timestamp: number;
  resolved: boolean;
  details?: string;
}

export type IssueCandidate = Pick<MonitorIssue, 'type' | 'component' | 'message' | 'details'>;

/** Two issues are of the same kind when they have the same type and component. */
const sameKind = (a: IssueCandidate, b: IssueCandidate) => a.type === b.type && a.component === b.component;

/**
 * Adds an issue unless an unresolved one of the same kind is already listed (spec 3 section 4), newest first,
 * keeping at most 20: the oldest go first.
 */
export function addIssue(issues: MonitorIssue[], candidate: IssueCandidate, now: number, id: string): MonitorIssue[] {
  if (issues.some((issue) => !issue.resolved && sameKind(issue, candidate))) return issues;
  return [{ ...candidate, id, timestamp: now, resolved: false }, ...issues].slice(0, MONITOR_MAX_ISSUES);
}

export const resolveIssue = (issues: MonitorIssue[], id: string) =>
  issues.map((issue) => (issue.id === id ? { ...issue, resolved: true } : issue));

export const clearResolved = (issues: MonitorIssue[]) => issues.filter((issue) => !issue.resolved);

/** What one monitor poll of health, debug and user (and the status figures) found. */
export interface PollOutcome {
  health: { ok: true; database: string } | { ok: false; status: number | null };
  /** `environment` is the server's NODE_ENV from /api/debug, null when it did not answer. */
  debug: { ok: boolean; status: number | null; environment: string | null };
  user: { ok: boolean; status: number | null };
  status: StatusResponse | null;
}

const unreachable = (endpoint: string): IssueCandidate => ({
  type: 'critical',
  component: endpoint,
  message: `Cannot reach ${endpoint}`,
  details: 'The request failed before the server answered',
});

/** Spec 3 section 8: critical for an API error status and for unreachable endpoints; warning for a 401 on user. */
export function issuesFromPoll(poll: PollOutcome): IssueCandidate[] {
  const found: IssueCandidate[] = [];
  if (!poll.health.ok) {
    found.push(
      poll.health.status === null
        ? unreachable('/api/health')
        : {
            type: 'critical',
            component: 'API Server',
            message: `API server error: ${poll.health.status}`,
            details: 'GET /api/health',
          },
    );
  } else if (poll.health.database !== 'connected') {
    found.push({ type: 'warning', component: 'Database', message: `Database status: ${poll.health.database}` });
  }
  if (!poll.debug.ok) {
    found.push(
      poll.debug.status === null
        ? unreachable('/api/debug')
        : {
            type: 'critical',
            component: 'API Server',
            message: `API server error: ${poll.debug.status}`,
            details: 'GET /api/debug',
          },
    );
  }
  // A 401 on the user call is someone not signed in as a customer (a visitor, a staff member): expected, not an issue.
  if (!poll.user.ok && poll.user.status !== 401) {
    if (poll.user.status === null) {
      found.push(unreachable('/api/user'));
    } else {
      found.push({
        type: 'critical',
        component: 'API Server',
        message: `API server error: ${poll.user.status}`,
        details: 'GET /api/user',
      });
    }
  }
  return found;
}

/** What a failed call reported by the global request wrapper adds to the monitor. */
export function issueFromReport(report: DiagnosticReport): IssueCandidate | null {
  // Issue 36: a signed-out visitor's 401 and a typo's 400 are answers working as meant, not issues of the system.
  if (report.kind === 'auth' || (report.status !== null && report.status < 500)) return null;
  if (report.kind === 'server') {
    return {
      type: 'critical',
      component: 'API Server',
      message: `API server error: ${report.status}`,
      details: report.url,
    };
  }
  if (report.status === null) {
    return {
      type: 'critical',
      component: 'Network',
      message: 'Cannot reach API server',
      details: `${report.url} ${report.message}`.trim(),
    };
  }
  return {
    type: 'critical',
    component: 'API Server',
    message: `API server error: ${report.status}`,
    details: report.url,
  };
}

export interface MonitorMetrics {
  uptime: number;
  databaseConnections: number;
  activeUsers: number;
  responseTime: number;
  errorRate: number;
}

/** Spec 3 section 9: the monitor's figures before the first poll. */
export const INITIAL_METRICS: MonitorMetrics = {
  uptime: 99.8,
  databaseConnections: 12,
  activeUsers: 3,
  responseTime: 156,
  errorRate: 0.2,
};

/**
 * The figures after a poll: response time, error rate, active users and uptime from the server's measurements;
 * what it could not tell (no requests yet in its window, or no answer at all) simulated as spec 3 section 9 says.
 * The server does not publish its pool size, so database connections keep their initial value.
 */
export function nextMetrics(
  previous: MonitorMetrics,
  healthy: boolean,
  status: StatusResponse | null,
  random: () => number,
): MonitorMetrics {
  const m = status?.metrics;
  return {
    uptime: status?.uptime ?? previous.uptime,
    databaseConnections: previous.databaseConnections,
    activeUsers: m?.connectedUsers ?? 1 + Math.floor(random() * 10),
    responseTime: m?.avgResponseTime ?? 100 + Math.floor(random() * 100),
    errorRate: m?.successRate != null ? Math.round((100 - m.successRate) * 100) / 100 : healthy ? 0.1 : 2.5,
  };
}

/**
 * The floating monitor is an operator's tool: drawn in the debug view (?debug=true or ?test=simple), while the
 * server runs in development, or for a signed-in staff member. Anyone else would only read alarming jargon.
 */
export function monitorShown(search: string, staffSignedIn: boolean): boolean {
  const params = new URLSearchParams(search);
  return params.get('debug') === 'true' || params.get('test') === 'simple' || staffSignedIn;
}
