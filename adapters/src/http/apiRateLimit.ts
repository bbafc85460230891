import type { Middleware } from 'koa';
import { enforceRateLimit, type RateLimiter } from '@groupflow/core';

const API_PATH = /^\/api(\/|$)/;

/**
 * Limits every API call per client address (`ctx.ip`, which honours only the trusted proxies). Mounted after
 * the fast routes, so /api/health stays free for monitors, and it leaves static files alone.
 */
export function apiRateLimit(limiters: readonly RateLimiter[]): Middleware {
  return async (ctx, next) => {
    if (API_PATH.test(ctx.path)) {
      for (const limiter of limiters) await enforceRateLimit(limiter, ctx.ip, 'Too many requests. Please slow down and try again shortly.');
    }
    await next();
  };
}
