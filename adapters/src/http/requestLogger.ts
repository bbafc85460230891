import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { randomUUID } from 'node:crypto';

/** One structured line per request, with a request id also returned to the caller. */
export function requestLogger(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    const id = ctx.get('x-request-id') || randomUUID();
    ctx.set('X-Request-Id', id);
    try {
      await next();
    } finally {
      const entry = {
        reqId: id,
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      };
      if (ctx.status >= 500) logger.error(entry, 'request');
      else logger.info(entry, 'request');
    }
  };
}
