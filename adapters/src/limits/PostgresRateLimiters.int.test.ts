import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { openDatabase, type Orm } from '../persistence/database.ts';
import { PostgresRateLimiters } from './PostgresRateLimiters.ts';

let orm: Orm;
let other: Orm;

beforeAll(async () => {
  orm = await openDatabase(inject('databaseUrl'));
  other = await openDatabase(inject('databaseUrl'));
});
afterAll(async () => {
  await Promise.all([orm?.close(true), other?.close(true)]);
});

/** A limiter name of its own, so the shared table's other counters never meet this test's. */
const freshName = () => `test-${randomUUID()}`;

describe('PostgresRateLimiters', () => {
  it('allows the limit, then refuses with the time left in the window, and counts in the rate_limits table', async () => {
    const limiter = new PostgresRateLimiters(orm).limiter(freshName(), { points: 2, windowMs: 60_000 });
    expect(await limiter.consume('k')).toEqual({ allowed: true, remaining: 1, retryAfterMs: 0 });
    expect(await limiter.consume('k')).toEqual({ allowed: true, remaining: 0, retryAfterMs: 0 });
    const refused = await limiter.consume('k');
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    expect(refused.retryAfterMs).toBeGreaterThan(55_000);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
    expect((await limiter.consume('another key')).allowed).toBe(true);
    const [table] = await orm.em
      .getConnection()
      .execute<{ relpersistence: string }[]>(`select relpersistence from pg_class where relname = 'rate_limits'`);
    expect(table?.relpersistence).toBe('u');
  });

  it('lets no more than the limit through of many concurrent consumes', async () => {
    const limiter = new PostgresRateLimiters(orm).limiter(freshName(), { points: 10, windowMs: 60_000 });
    const decisions = await Promise.all(Array.from({ length: 40 }, () => limiter.consume('burst')));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(10);
  });

  it('gives a refunded point back, so a limit can count failures only', async () => {
    const limiter = new PostgresRateLimiters(orm).limiter(freshName(), { points: 2, windowMs: 60_000 });
    for (let i = 0; i < 5; i += 1) {
      expect((await limiter.consume('k')).allowed).toBe(true);
      await limiter.refund('k');
    }
    await limiter.consume('k');
    await limiter.consume('k');
    expect((await limiter.consume('k')).allowed).toBe(false);
  });

  it('shares counts between processes (two pools on one database)', async () => {
    const name = freshName();
    const first = new PostgresRateLimiters(orm).limiter(name, { points: 2, windowMs: 60_000 });
    const second = new PostgresRateLimiters(other).limiter(name, { points: 2, windowMs: 60_000 });
    await first.consume('shared');
    await second.consume('shared');
    expect((await first.consume('shared')).allowed).toBe(false);
  });

  it('leases up to what is left and gives the rest back, so the shared count never passes the limit', async () => {
    const name = freshName();
    const first = new PostgresRateLimiters(orm).limiter(name, { points: 10, windowMs: 60_000 });
    const second = new PostgresRateLimiters(other).limiter(name, { points: 10, windowMs: 60_000 });
    expect(await first.lease('k', 7)).toMatchObject({ granted: 7, remaining: 3 });
    const partial = await second.lease('k', 5);
    expect(partial).toMatchObject({ granted: 3, remaining: 0 });
    expect(partial.resetsInMs).toBeGreaterThan(55_000);
    expect(await first.lease('k', 1)).toMatchObject({ granted: 0, remaining: 0 });
    const [row] = await orm.em
      .getConnection()
      .execute<{ points: number }[]>(`select points from rate_limits where key = ?`, [`${name}:k`]);
    expect(row?.points).toBe(10);
  });

  it('blocks for blockMs once exceeded, and reset lifts the block', async () => {
    const limiter = new PostgresRateLimiters(orm).limiter(freshName(), {
      points: 1,
      windowMs: 1_000,
      blockMs: 600_000,
    });
    await limiter.consume('k');
    expect((await limiter.consume('k')).retryAfterMs).toBeGreaterThan(590_000);
    await limiter.reset('k');
    expect((await limiter.consume('k')).allowed).toBe(true);
  });

  it('keeps limiting in memory while the database fails', async () => {
    const failing = await openDatabase(inject('databaseUrl'));
    const limiter = new PostgresRateLimiters(failing).limiter(freshName(), { points: 1, windowMs: 60_000 });
    await limiter.consume('warm-up');
    await failing.close(true);
    expect((await limiter.consume('k')).allowed).toBe(true);
    expect((await limiter.consume('k')).allowed).toBe(false);
  });
});
