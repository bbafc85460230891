import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateDecision, RateLimit, RefundableRateLimiter } from '@groupflow/core';
import type { Orm } from '../persistence/database.ts';
import type { LeasableRateLimiter, PointLease } from './LeasedRateLimiter.ts';

const TABLE = 'rate_limits';

/**
 * rate-limiter-flexible counters in the rate_limits table, so every API process counts against the same
 * limits. The table comes from a migration (`tableCreated`), never from the library, which would create a
 * logged table with its own column types behind the migrations' back. While the database fails, each process
 * counts in its own memory instead (the library's insurance limiter): limits stay on, and a database outage
 * does not turn every API call into an error.
 */
export class PostgresRateLimiters {
  readonly #orm: Orm;

  constructor(orm: Orm) {
    this.#orm = orm;
  }

  /** `name` keeps each limit's keys apart in the shared table. */
  limiter(name: string, limit: RateLimit): LeasableRateLimiter & RefundableRateLimiter {
    return new PostgresRateLimiter(this.#orm, name, limit);
  }
}

class PostgresRateLimiter implements LeasableRateLimiter, RefundableRateLimiter {
  readonly #orm: Orm;
  readonly #name: string;
  readonly #limit: RateLimit;
  #store: Promise<RateLimiterPostgres> | undefined;

  constructor(orm: Orm, name: string, limit: RateLimit) {
    this.#orm = orm;
    this.#name = name;
    this.#limit = limit;
  }

  // The pool exists only once the ORM has connected, so the store is made on first use.
  #limiter(): Promise<RateLimiterPostgres> {
    this.#store ??= this.#orm.em
      .getConnection()
      .getNativeClient()
      .then((pool) => {
        const options = {
          keyPrefix: this.#name,
          points: this.#limit.points,
          duration: this.#limit.windowMs / 1000,
          ...(this.#limit.blockMs === undefined ? {} : { blockDuration: this.#limit.blockMs / 1000 }),
        };
        return new RateLimiterPostgres({
          ...options,
          storeClient: pool,
          storeType: 'pool',
          tableName: TABLE,
          tableCreated: true,
          insuranceLimiter: new RateLimiterMemory(options),
        });
      });
    return this.#store;
  }

  async consume(key: string, points = 1): Promise<RateDecision> {
    const limiter = await this.#limiter();
    try {
      const result = await limiter.consume(key, points);
      return { allowed: true, remaining: result.remainingPoints, retryAfterMs: 0 };
    } catch (refusal) {
      // The library rejects with its result when the limit is exceeded, and with an Error when the store fails.
      if (refusal instanceof RateLimiterRes)
        return { allowed: false, remaining: 0, retryAfterMs: refusal.msBeforeNext };
      throw refusal;
    }
  }

  /**
   * Takes up to `wanted` points in one upsert. The library counts all of them even past the limit, so what did
   * not fit is given back at once (only limits without a block: a block would already have started).
   */
  async lease(key: string, wanted: number): Promise<PointLease> {
    const limiter = await this.#limiter();
    try {
      const result = await limiter.consume(key, wanted);
      return { granted: wanted, remaining: result.remainingPoints, resetsInMs: result.msBeforeNext };
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      const before = refusal.consumedPoints - wanted;
      const granted = Math.max(0, Math.min(wanted, this.#limit.points - before));
      if (granted < wanted) await limiter.reward(key, wanted - granted);
      return { granted, remaining: 0, resetsInMs: refusal.msBeforeNext };
    }
  }

  async refund(key: string, points = 1): Promise<void> {
    await (await this.#limiter()).reward(key, points);
  }

  async reset(key: string): Promise<void> {
    await (await this.#limiter()).delete(key);
  }
}
