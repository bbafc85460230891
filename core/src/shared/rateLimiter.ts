import { TooManyAttempts, type ErrorCode } from './errors.ts';

/** The answer to one `consume`: whether it fitted, what is left, and when the key may try again. */
export interface RateDecision {
  allowed: boolean;
  remaining: number;
  /** 0 when allowed; otherwise how long until the window ends or the block lifts. */
  retryAfterMs: number;
}

/**
 * One limit (points per window) counted per key, shared by every API process. Counting happens before the
 * guarded work, in one atomic step, so concurrent requests cannot all slip under the limit.
 */
export interface RateLimiter {
  consume(key: string, points?: number): Promise<RateDecision>;
  /** Forgets the key's count and block (a successful sign-in ends the failure streak). */
  reset(key: string): Promise<void>;
}

/** A limit that counts only some outcomes: the point taken before the work is given back when it went well. */
export interface RefundableRateLimiter extends RateLimiter {
  refund(key: string, points?: number): Promise<void>;
}

export interface RateLimit {
  points: number;
  windowMs: number;
  /** Once the limit is exceeded the key is refused this long; without it, until the window ends. */
  blockMs?: number;
}

/** Counts one hit and turns a refusal into TooManyAttempts (429 with Retry-After). */
export async function enforceRateLimit(
  limiter: RateLimiter,
  key: string,
  code: ErrorCode,
  message: string,
): Promise<void> {
  const decision = await limiter.consume(key);
  if (!decision.allowed) throw new TooManyAttempts(code, message, retryAfterSeconds(decision));
}

/** Whole seconds for Retry-After, never 0: a client told "now" would retry at once. */
export function retryAfterSeconds(decision: RateDecision): number {
  return Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
}
