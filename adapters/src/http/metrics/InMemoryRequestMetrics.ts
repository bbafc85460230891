import type { RequestFigures, RequestMetrics } from '@groupflow/core';

/** Buckets per window: fine enough that the window slides smoothly, few enough that a read stays trivial. */
const BUCKETS = 60;

/**
 * Request figures over a rolling window, kept in a ring of time buckets: recording is a few additions on the
 * hot path, reading sums 60 buckets, and nothing grows with traffic.
 */
export class InMemoryRequestMetrics implements RequestMetrics {
  readonly #bucketMs: number;
  readonly #windowMs: number;
  readonly #now: () => number;
  readonly #start = new Float64Array(BUCKETS);
  readonly #count = new Float64Array(BUCKETS);
  readonly #failed = new Float64Array(BUCKETS);
  readonly #totalMs = new Float64Array(BUCKETS);

  constructor(windowMs: number, now: () => number = Date.now) {
    this.#windowMs = windowMs;
    this.#bucketMs = windowMs / BUCKETS;
    this.#now = now;
    this.#start.fill(-Infinity);
  }

  /** A server error (5xx) counts as a failure; a 4xx is the server answering a bad call correctly. */
  record(status: number, durationMs: number): void {
    const slot = Math.floor(this.#now() / this.#bucketMs);
    const index = slot % BUCKETS;
    if (this.#start[index] !== slot) {
      this.#start[index] = slot;
      this.#count[index] = 0;
      this.#failed[index] = 0;
      this.#totalMs[index] = 0;
    }
    this.#count[index]! += 1;
    if (status >= 500) this.#failed[index]! += 1;
    this.#totalMs[index]! += durationMs;
  }

  figures(): RequestFigures {
    const oldest = Math.floor(this.#now() / this.#bucketMs) - BUCKETS + 1;
    let count = 0;
    let failed = 0;
    let totalMs = 0;
    for (let i = 0; i < BUCKETS; i += 1) {
      if (this.#start[i]! < oldest) continue;
      count += this.#count[i]!;
      failed += this.#failed[i]!;
      totalMs += this.#totalMs[i]!;
    }
    return {
      totalRequests: count,
      successRate: count ? Math.round((10_000 * (count - failed)) / count) / 100 : null,
      avgResponseTime: count ? Math.round((10 * totalMs) / count) / 10 : null,
      windowSeconds: Math.round(this.#windowMs / 1000),
    };
  }
}
