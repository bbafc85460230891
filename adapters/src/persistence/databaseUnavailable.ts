/**
 * Telling an outage apart from a bug: errors of the PostgreSQL driver that mean the database cannot be reached
 * (refused, reset or timed-out connections, a server shutting down or starting up). The HTTP edge answers these
 * 503 so callers retry, instead of 500.
 */

/** DATABASE_CONNECT_TIMEOUT_MS's default, also for the tools that open the database without the server's settings. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 1500;
/** DATABASE_POOL_MAX's default. */
export const DEFAULT_POOL_MAX = 10;
/** DATABASE_POOL_ACQUIRE_TIMEOUT_MS's default: long enough for a burst to queue, short of a client giving up. */
export const DEFAULT_POOL_ACQUIRE_TIMEOUT_MS = 5000;

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
]);
/** SQLSTATE 57P01-57P03: admin shutdown, crash shutdown, cannot connect now (starting up or shutting down). */
const SERVER_GONE_CODES = new Set(['57P01', '57P02', '57P03']);
/**
 * What pg and pg-pool say when a connection dies or never comes, without a code ("timeout expired" is pg's own
 * connect timeout). pg-pool's "timeout exceeded when trying to connect" is deliberately absent: it means every
 * pooled connection was busy for the whole acquire timeout, which is load, not an outage (see isPoolExhausted).
 */
const DRIVER_MESSAGES =
  /Connection terminated|^timeout expired$|Client has encountered a connection error|Connection refused/i;
const POOL_EXHAUSTED_MESSAGE = /^timeout exceeded when trying to connect$/;

/** Follows an error's causes (a few levels: the ORM and kysely wrap driver errors) until one matches. */
function someCause(error: unknown, matches: (error: Error) => boolean): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    if (matches(current)) return true;
    if (current instanceof AggregateError && current.errors.some((inner) => someCause(inner, matches))) return true;
  }
  return false;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return someCause(error, (current) => {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_GONE_CODES.has(code) || code.startsWith('08')))
      return true;
    return DRIVER_MESSAGES.test(current.message);
  });
}

/**
 * The database is up but no pooled connection came free within DATABASE_POOL_ACQUIRE_TIMEOUT_MS: the server is
 * overloaded. Answered 503 "busy" (so callers retry) without being reported as an outage.
 */
export function isPoolExhausted(error: unknown): boolean {
  return someCause(error, (current) => POOL_EXHAUSTED_MESSAGE.test(current.message));
}
