import type { Middleware } from 'koa';
import { enforceRateLimit, type RateLimiter } from '@groupflow/core';
import { clientAddressKey } from './clientAddressKey.ts';

const API_PATH = /^\/api(\/|$)/;
const MESSAGE = 'Too many requests. Please slow down and try again shortly.';

/**
 * Limits every API call per client address (`ctx.ip`, which honours only the trusted proxies, keyed by
 * clientAddressKey as every per-address limit is). Mounted after the fast routes, so /api/health stays free for
 * monitors, and it leaves static files alone.
 */
export function apiRateLimit(limiters: readonly RateLimiter[]): Middleware {
  return async (ctx, next) => {
    if (API_PATH.test(ctx.path)) {
      // The windows count the call side by side, so a call waits for one shared round trip at most, not one per window.
      const client = clientAddressKey(ctx.ip);
      await Promise.all(limiters.map((limiter) => enforceRateLimit(limiter, client, 'REQUEST.RATE_LIMITED', MESSAGE)));
    }
    await next();
  };
}
