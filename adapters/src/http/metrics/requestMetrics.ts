import type { Middleware } from 'koa';
import type { InMemoryRequestMetrics } from './InMemoryRequestMetrics.ts';

const isApi = (path: string) => path === '/api' || path.startsWith('/api/');

/**
 * Feeds every API answer (status, time) to the recorder; pages and static files are not API traffic.
 * Placed first, so it also sees the error handler's answers (the fast routes in front of Koa record their own).
 */
export function requestMetrics(recorder: InMemoryRequestMetrics): Middleware {
  return async (ctx, next) => {
    if (!isApi(ctx.path)) return next();
    const started = performance.now();
    try {
      await next();
    } finally {
      recorder.record(ctx.status, performance.now() - started);
    }
  };
}
