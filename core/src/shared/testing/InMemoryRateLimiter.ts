import type { Clock } from '../clock.ts';
import type { RateDecision, RateLimit, RefundableRateLimiter } from '../rateLimiter.ts';

interface Entry {
  points: number;
  windowEndsAt: number;
  blockedUntil: number;
}

/** Fixed windows per key, like the PostgreSQL adapter, on the test's clock. */
export class InMemoryRateLimiter implements RefundableRateLimiter {
  readonly #limit: RateLimit;
  readonly #clock: Clock;
  readonly #entries = new Map<string, Entry>();
  /** Every consumed key, in order, so tests can tell what was counted. */
  readonly consumed: string[] = [];

  constructor(limit: RateLimit, clock: Clock) {
    this.#limit = limit;
    this.#clock = clock;
  }

  async consume(key: string, points = 1): Promise<RateDecision> {
    this.consumed.push(key);
    const now = this.#clock.now().getTime();
    const current = this.#entries.get(key);
    if (current && current.blockedUntil > now)
      return { allowed: false, remaining: 0, retryAfterMs: current.blockedUntil - now };
    const entry =
      current && current.windowEndsAt > now
        ? current
        : { points: 0, windowEndsAt: now + this.#limit.windowMs, blockedUntil: 0 };
    entry.points += points;
    this.#entries.set(key, entry);
    if (entry.points <= this.#limit.points) {
      return { allowed: true, remaining: this.#limit.points - entry.points, retryAfterMs: 0 };
    }
    if (this.#limit.blockMs !== undefined) entry.blockedUntil = now + this.#limit.blockMs;
    return {
      allowed: false,
      remaining: 0,
      retryAfterMs: (this.#limit.blockMs !== undefined ? entry.blockedUntil : entry.windowEndsAt) - now,
    };
  }

  async refund(key: string, points = 1): Promise<void> {
    const entry = this.#entries.get(key);
    if (entry) entry.points -= points;
  }

  async reset(key: string): Promise<void> {
    this.#entries.delete(key);
  }
}
