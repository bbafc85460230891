import { endpointUrl, type EndpointRoute } from '@groupflow/shell-kit';
import { GET_DEBUG, GET_DISCORD_CONFIG, GET_HEALTH, GET_USER } from '../api/routes.ts';

export type CheckState = 'checking' | 'success' | 'error' | 'warning';

/** One row of the diagnostics panel. */
export interface CheckResult {
  name: string;
  state: CheckState;
  message: string;
  fix?: string;
  details?: string;
  /** The failure is the server being unreachable or answering 500 and above, not a visitor or a setting. */
  connection?: true;
}

/** True while any check shows the server unreachable or failing: the connection-issue modal waits for this to clear. */
export const hasConnectionError = (checks: CheckResult[]) => checks.some((check) => check.connection);

const serverFailure = (status: number | null) => status === null || status >= 500;

export const CHECK_NAMES = [
  'API Server',
  'Session',
  'Authentication',
  'Discord OAuth Configuration',
  'Database',
] as const;

export const checkingAll = (): CheckResult[] =>
  CHECK_NAMES.map((name) => ({ name, state: 'checking', message: 'Checking...' }));

type Answer = { ok: boolean; status: number; body: unknown } | { ok: false; status: null; body: null; error: string };

/**
 * One checked call, read raw: a check reports the status and the body (JSON or not) of any answer, and an
 * unreachable server as such, where the typed client would only throw.
 */
async function call(fetchImpl: typeof fetch, route: EndpointRoute): Promise<Answer> {
  try {
    const response = await fetchImpl(endpointUrl(route), { credentials: 'include' });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: kept as text
    }
    return { ok: response.ok, status: response.status, body };
  } catch (error) {
    return { ok: false, status: null, body: null, error: error instanceof Error ? error.message : String(error) };
  }
}

const field = (body: unknown, key: string): unknown =>
  body && typeof body === 'object' && key in body ? (body as Record<string, unknown>)[key] : undefined;

const pretty = (body: unknown) => (typeof body === 'string' ? body : JSON.stringify(body, null, 2));

/** Runs the five checks of the diagnostics panel with the spec 3 section 8 messages and fixes. */
export async function runSystemChecks(fetchImpl: typeof fetch = fetch): Promise<CheckResult[]> {
  const [health, debug, user, discord] = await Promise.all([
    call(fetchImpl, GET_HEALTH),
    call(fetchImpl, GET_DEBUG),
    call(fetchImpl, GET_USER),
    call(fetchImpl, GET_DISCORD_CONFIG),
  ]);

  const api: CheckResult =
    health.status === null
      ? {
          name: 'API Server',
          state: 'error',
          message: 'Cannot reach API server',
          fix: 'Check your internet connection',
          details: health.error,
          connection: true,
        }
      : health.ok
        ? { name: 'API Server', state: 'success', message: 'API server is reachable', details: pretty(health.body) }
        : {
            name: 'API Server',
            state: 'error',
            message: `API server error: ${health.status}`,
            details: pretty(health.body),
            connection: true,
          };

  const session = field(debug.body, 'session');
  const sessionCheck: CheckResult = !debug.ok
    ? {
        name: 'Session',
        state: 'error',
        message: 'Cannot check session status',
        details: debug.status === null ? debug.error : pretty(debug.body),
        ...(serverFailure(debug.status) ? { connection: true as const } : {}),
      }
    : field(session, 'hasSession')
      ? { name: 'Session', state: 'success', message: 'Session found', details: pretty(session) }
      : {
          name: 'Session',
          state: 'warning',
          message: 'No session found',
          fix: 'Log in via /auth/discord to start a session',
          details: pretty(session),
        };

  let auth: CheckResult;
  if (user.ok) {
    auth = {
      name: 'Authentication',
      state: 'success',
      message: `Authenticated as ${String(field(user.body, 'username') ?? 'unknown user')}`,
    };
  } else if (user.status === null) {
    auth = {
      name: 'Authentication',
      state: 'error',
      message: 'Cannot reach API server',
      fix: 'Check your internet connection',
      details: user.error,
      connection: true,
    };
  } else {
    const redirect = field(user.body, 'redirect');
    auth = {
      name: 'Authentication',
      state: 'error',
      message: `Authentication failed: ${user.status}`,
      fix: typeof redirect === 'string' ? `Log in via ${redirect}` : 'Login required',
      details: pretty(user.body),
      ...(serverFailure(user.status) ? { connection: true as const } : {}),
    };
  }

  const discordCheck: CheckResult = serverFailure(discord.status)
    ? {
        // Issue 36: a server that cannot answer says nothing about the configuration; it is a connection problem.
        name: 'Discord OAuth Configuration',
        state: 'error',
        message: 'Cannot check the Discord configuration',
        details: discord.status === null ? discord.error : `The server answered ${discord.status}`,
        connection: true,
      }
    : discord.ok && field(discord.body, 'discordConfigured') === true
      ? {
          name: 'Discord OAuth Configuration',
          state: 'success',
          message: 'Discord OAuth configured',
          details: pretty(discord.body),
        }
      : {
          name: 'Discord OAuth Configuration',
          state: 'error',
          message: 'Discord OAuth configuration missing',
          fix: 'Discord client ID or client secret missing',
          details: discord.status === null ? discord.error : pretty(discord.body),
        };

  const database = field(health.body, 'database');
  const databaseCheck: CheckResult = !health.ok
    ? {
        name: 'Database',
        state: 'error',
        message: 'Cannot check database status',
        details: api.message,
        connection: true,
      }
    : database === 'connected'
      ? { name: 'Database', state: 'success', message: 'Database connected' }
      : {
          name: 'Database',
          state: 'warning',
          message: `Database status: ${String(database)}`,
          details: pretty(field(health.body, 'recovery')),
        };

  return [api, sessionCheck, auth, discordCheck, databaseCheck];
}

/** The text "Copy report" puts on the clipboard. */
export function diagnosticsReport(checks: CheckResult[], when: Date, page: string): string {
  const lines = checks.map((check) => {
    const parts = [`[${check.state.toUpperCase()}] ${check.name}: ${check.message}`];
    if (check.fix) parts.push(`  Fix: ${check.fix}`);
    if (check.details) parts.push(...check.details.split('\n').map((line) => `  ${line}`));
    return parts.join('\n');
  });
  return [`GroupFlow diagnostics report`, `Time: ${when.toISOString()}`, `Page: ${page}`, '', ...lines].join('\n');
}
