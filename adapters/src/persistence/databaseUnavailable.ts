/**
 * Telling an outage apart from a bug: errors of the PostgreSQL driver that mean the database cannot be reached
 * (refused, reset or timed-out connections, a server shutting down or starting up). The HTTP edge answers these
 * 503 so callers retry, instead of 500.
 */

/** DATABASE_CONNECT_TIMEOUT_MS's default, also for the tools that open the database without the server's settings. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 1500;

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND']);
/** SQLSTATE 57P01-57P03: admin shutdown, crash shutdown, cannot connect now (starting up or shutting down). */
const SERVER_GONE_CODES = new Set(['57P01', '57P02', '57P03']);
/** What pg and pg-pool say when a connection dies or never comes, without a code. */
const DRIVER_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection refused/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_GONE_CODES.has(code) || code.startsWith('08'))) return true;
    if (DRIVER_MESSAGES.test(current.message)) return true;
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}
