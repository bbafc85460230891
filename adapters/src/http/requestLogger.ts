import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { randomUUID } from 'node:crypto';

/**
 * A client's own X-Request-Id is kept only when short and made of characters safe in logs and headers; anything
 * else could forge log lines or bloat every entry, so it gets a fresh id instead.
 */
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The id a request is logged and answered under. */
export const requestIdOf = (offered: string | undefined): string =>
  offered !== undefined && CLIENT_REQUEST_ID.test(offered) ? offered : randomUUID();

export interface RequestLogEntry {
  reqId: string;
  method: string;
  path: string;
  status: number;
  /** Since the request arrived (performance.now()). */
  started: number;
}

/** The one line a request leaves in the log, from Koa's chain and from the lean reads alike. */
export function logRequest(logger: Logger, entry: RequestLogEntry): void {
  const level = entry.status >= 500 ? 'error' : 'info';
  // Below the logger's level the line is not even built: every signed-in read passes here.
  if (!logger.isLevelEnabled(level)) return;
  const { started, ...line } = entry;
  logger[level]({ ...line, ms: Math.round((performance.now() - started) * 10) / 10 }, 'request');
}

/** One structured line per request, with a request id also returned to the caller. */
export function requestLogger(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    const reqId = requestIdOf(ctx.get('x-request-id'));
    ctx.set('X-Request-Id', reqId);
    try {
      await next();
    } finally {
      logRequest(logger, { reqId, method: ctx.method, path: ctx.path, status: ctx.status, started });
    }
  };
}
