import type { Middleware } from 'koa';
import { enforceRateLimit, type RateLimiter } from '@groupflow/core';
import { clientAddressKey } from './clientAddressKey.ts';

const API_PATH = /^\/api(\/|$)/;
const MESSAGE = 'Too many requests. Please slow down and try again shortly.';

/** Counts one API call of a client (keyed by clientAddressKey) in every window; TooManyAttempts when one is full. */
export type ApiRateLimit = (client: string) => Promise<void>;

export function apiRateLimit(limiters: readonly RateLimiter[]): ApiRateLimit {
  return async (client) => {
    // The windows count the call side by side, so a call waits for one shared round trip at most, not one per window.
    await Promise.all(limiters.map((limiter) => enforceRateLimit(limiter, client, 'REQUEST.RATE_LIMITED', MESSAGE)));
  };
}

/**
 * Limits every API call per client address (`ctx.ip`, which honours only the trusted proxies, keyed by
 * clientAddressKey as every per-address limit is). Mounted after the fast routes, so /api/health stays free for
 * monitors, and it leaves static files alone.
 */
export function apiRateLimitMiddleware(limit: ApiRateLimit): Middleware {
  return async (ctx, next) => {
    if (API_PATH.test(ctx.path)) await limit(clientAddressKey(ctx.ip));
    await next();
  };
}
