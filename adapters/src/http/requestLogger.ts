import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { randomUUID } from 'node:crypto';

/**
 * A client's own X-Request-Id is kept only when short and made of characters safe in logs and headers; anything
 * else could forge log lines or bloat every entry, so it gets a fresh id instead.
 */
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** One structured line per request, with a request id also returned to the caller. */
export function requestLogger(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    const offered = ctx.get('x-request-id');
    const id = CLIENT_REQUEST_ID.test(offered) ? offered : randomUUID();
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
