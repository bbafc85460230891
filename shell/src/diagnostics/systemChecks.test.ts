import { describe, expect, it } from 'vitest';
import { diagnosticsReport, hasConnectionError, runSystemChecks } from './systemChecks.ts';

type Route = { status: number; body: unknown } | 'network';

const fakeFetch = (routes: Record<string, Route>): typeof fetch =>
  (async (input: RequestInfo | URL) => {
    const route = routes[String(input)];
    if (!route || route === 'network') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(route.body), { status: route.status });
  }) as typeof fetch;

const healthy = {
  '/api/health': { status: 200, body: { status: 'ok', database: 'connected' } },
  '/api/debug': { status: 200, body: { session: { hasSession: true } } },
  '/api/user': { status: 200, body: { username: 'nelly' } },
  '/api/test-discord-config': { status: 200, body: { discordConfigured: true } },
};

describe('runSystemChecks', () => {
  it('passes every check on a healthy signed-in session', async () => {
    const checks = await runSystemChecks(fakeFetch(healthy));
    expect(checks.map((c) => [c.name, c.state, c.message])).toEqual([
      ['API Server', 'success', 'API server is reachable'],
      ['Session', 'success', 'Session found'],
      ['Authentication', 'success', 'Authenticated as nelly'],
      ['Discord OAuth Configuration', 'success', 'Discord OAuth configured'],
      ['Database', 'success', 'Database connected'],
    ]);
  });

  it('uses the spec messages and fixes for a visitor, a missing Discord configuration and a disconnected database', async () => {
    const checks = await runSystemChecks(
      fakeFetch({
        ...healthy,
        '/api/health': { status: 200, body: { status: 'degraded', database: 'disconnected' } },
        '/api/debug': { status: 200, body: { session: { hasSession: false } } },
        '/api/user': { status: 401, body: { message: 'Not signed in', redirect: '/auth/discord' } },
        '/api/test-discord-config': { status: 200, body: { discordConfigured: false } },
      }),
    );
    expect(checks.map((c) => [c.state, c.message, c.fix])).toEqual([
      ['success', 'API server is reachable', undefined],
      ['warning', 'No session found', 'Log in via /auth/discord to start a session'],
      ['error', 'Authentication failed: 401', 'Log in via /auth/discord'],
      ['error', 'Discord OAuth configuration missing', 'Discord client ID or client secret missing'],
      ['warning', 'Database status: disconnected', undefined],
    ]);
    // A visitor and a missing setting are not connection problems: the modal may close.
    expect(hasConnectionError(checks)).toBe(false);
  });

  it('reports an unreachable API with the internet fix, and server errors with their status', async () => {
    const down = await runSystemChecks(fakeFetch({}));
    expect(down.map((c) => [c.state, c.message])).toEqual([
      ['error', 'Cannot reach API server'],
      ['error', 'Cannot check session status'],
      ['error', 'Cannot reach API server'],
      // Issue 36: an unreachable or failing server is never read as a missing configuration.
      ['error', 'Cannot check the Discord configuration'],
      ['error', 'Cannot check database status'],
    ]);
    expect(down[0]!.fix).toBe('Check your internet connection');
    const failing = await runSystemChecks(
      fakeFetch({
        ...healthy,
        '/api/health': { status: 503, body: {} },
        '/api/user': { status: 500, body: {} },
        '/api/test-discord-config': { status: 503, body: { code: 'SERVER.UNAVAILABLE' } },
      }),
    );
    expect(failing[3]).toMatchObject({ message: 'Cannot check the Discord configuration', connection: true });
    expect(failing[0]!.message).toBe('API server error: 503');
    expect(failing[2]).toMatchObject({ message: 'Authentication failed: 500', fix: 'Login required' });
    expect([down, failing].map(hasConnectionError)).toEqual([true, true]);
  });

  it('writes a report with every check, its fix and details', async () => {
    const checks = await runSystemChecks(fakeFetch({}));
    const report = diagnosticsReport(checks, new Date('2026-01-01T00:00:00Z'), '/customer-dashboard');
    expect(report).toContain('Time: 2026-01-01T00:00:00.000Z');
    expect(report).toContain(
      '[ERROR] API Server: Cannot reach API server\n  Fix: Check your internet connection\n  Failed to fetch',
    );
  });
});
