import { describe, expect, it } from 'vitest';
import type { StatusResponse } from '@groupflow/core/contracts';
import {
  addIssue,
  clearResolved,
  INITIAL_METRICS,
  issueFromReport,
  issuesFromPoll,
  monitorShown,
  nextMetrics,
  resolveIssue,
  type IssueCandidate,
  type MonitorIssue,
} from './monitorState.ts';

const apiDown: IssueCandidate = { type: 'critical', component: 'API Server', message: 'API server error: 500' };
const authWarning: IssueCandidate = { type: 'warning', component: 'Discord Authentication', message: '401' };

const add = (issues: MonitorIssue[], candidate: IssueCandidate, n: number) =>
  addIssue(issues, candidate, 1000 + n, `i${n}`);

describe('monitor issues', () => {
  it('never adds an issue while an unresolved one of the same kind exists, but does once it is resolved', () => {
    let issues = add([], apiDown, 1);
    issues = add(issues, { ...apiDown, message: 'API server error: 502' }, 2);
    issues = add(issues, authWarning, 3);
    expect(issues.map((i) => i.id)).toEqual(['i3', 'i1']);
    issues = resolveIssue(issues, 'i1');
    issues = add(issues, apiDown, 4);
    expect(issues.map((i) => [i.id, i.resolved])).toEqual([
      ['i4', false],
      ['i3', false],
      ['i1', true],
    ]);
  });

  it('keeps at most 20, dropping the oldest', () => {
    let issues: MonitorIssue[] = [];
    for (let n = 0; n < 25; n += 1) {
      issues = add(issues, { type: 'info', component: `c${n}`, message: 'm' }, n);
    }
    expect(issues).toHaveLength(20);
    expect(issues[0]!.id).toBe('i24');
    expect(issues.at(-1)!.id).toBe('i5');
  });

  it('Clear Resolved removes only the resolved ones', () => {
    let issues = add(add([], apiDown, 1), authWarning, 2);
    issues = resolveIssue(issues, 'i2');
    expect(clearResolved(issues).map((i) => i.id)).toEqual(['i1']);
  });
});

describe('issues found by a poll', () => {
  const ok = { ok: true, status: 200 };
  it('is critical for an error status and for unreachable endpoints, and nothing for a 401 on user (issue 36)', () => {
    expect(
      issuesFromPoll({
        health: { ok: false, status: 500 },
        debug: { ok: false, status: null, environment: null },
        user: { ok: false, status: 401 },
        status: null,
      }).map((i) => [i.type, i.component, i.message]),
    ).toEqual([
      ['critical', 'API Server', 'API server error: 500'],
      ['critical', '/api/debug', 'Cannot reach /api/debug'],
    ]);
    const debug = { ...ok, environment: 'production' };
    expect(issuesFromPoll({ health: { ok: true, database: 'connected' }, debug, user: ok, status: null })).toEqual([]);
  });

  it("maps wrapper reports: server and network errors critical; a visitor's 401 and a typo's 400 no issue (issue 36)", () => {
    const report = (kind: 'auth' | 'server' | 'connection', status: number | null) => ({
      kind,
      status,
      url: '/api/x',
      message: '',
      time: 0,
    });
    expect(
      [report('auth', 401), report('server', 503), report('connection', null), report('connection', 400)].map(
        (r) => issueFromReport(r)?.type ?? null,
      ),
    ).toEqual([null, 'critical', 'critical', null]);
  });
});

describe('monitor metrics', () => {
  const status = (metrics: Partial<StatusResponse['metrics']>, uptime: number | null = 99.5) =>
    ({
      uptime,
      metrics: {
        totalRequests: 10,
        successRate: null,
        avgResponseTime: null,
        windowSeconds: 3600,
        activeBots: 0,
        totalBots: 0,
        connectedUsers: null,
        ...metrics,
      },
    }) as StatusResponse;

  it('starts at the spec figures', () => {
    expect(INITIAL_METRICS).toEqual({
      uptime: 99.8,
      databaseConnections: 12,
      activeUsers: 3,
      responseTime: 156,
      errorRate: 0.2,
    });
  });

  it('takes response time, error rate, users and uptime from the server when it measured them', () => {
    const next = nextMetrics(
      INITIAL_METRICS,
      true,
      status({ successRate: 97.5, avgResponseTime: 12.3, connectedUsers: 4 }),
      () => 0.99,
    );
    expect(next).toEqual({ uptime: 99.5, databaseConnections: 12, activeUsers: 4, responseTime: 12.3, errorRate: 2.5 });
  });

  it('simulates what the server could not tell as the spec says', () => {
    expect(nextMetrics(INITIAL_METRICS, true, null, () => 0)).toEqual({
      ...INITIAL_METRICS,
      activeUsers: 1,
      responseTime: 100,
      errorRate: 0.1,
    });
    expect(nextMetrics(INITIAL_METRICS, false, status({}, null), () => 0.999)).toEqual({
      ...INITIAL_METRICS,
      activeUsers: 10,
      responseTime: 199,
      errorRate: 2.5,
    });
  });
});

describe('who sees the floating monitor', () => {
  it('shows it in the debug view and to signed-in staff, and to no one else', () => {
    expect(monitorShown('', false)).toBe(false);
    expect(monitorShown('?debug=false', false)).toBe(false);
    expect(monitorShown('?debug=true', false)).toBe(true);
    expect(monitorShown('?test=simple', false)).toBe(true);
    // Issue 36: a customer of a server run in development sees no operator's tool.
    expect(monitorShown('', true)).toBe(true);
  });
});
