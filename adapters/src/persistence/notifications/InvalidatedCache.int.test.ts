/** Two processes' caches on one PostgreSQL database, each with its own LISTEN connection. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { pino } from 'pino';
import { openDatabase, type Orm } from '../database.ts';
import { PostgresNotifications } from './PostgresNotifications.ts';
import { InvalidatedCache } from './InvalidatedCache.ts';

const CHANNEL = 'test_invalidated_rows';
// Long enough to observe the disconnected state before the listener is back.
const RETRY_MS = 1000;
const settings = { ttlMs: 60_000, maxEntries: 2 };
const silent = pino({ level: 'silent' });

let orm: Orm;
let first: PostgresNotifications;
let second: PostgresNotifications;
let firstCache: InvalidatedCache<string>;
let secondCache: InvalidatedCache<string>;
const loads: string[] = [];

/** A read through the cache that records when the "database" was asked. */
const read = (cache: InvalidatedCache<string>, key: string) =>
  cache.read(key, async () => {
    loads.push(key);
    return `row ${key}`;
  });

const until = async (condition: () => boolean) => {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

beforeAll(async () => {
  orm = await openDatabase(inject('databaseUrl'));
  first = new PostgresNotifications(orm, silent, { retryMs: RETRY_MS });
  second = new PostgresNotifications(orm, silent, { retryMs: RETRY_MS });
  firstCache = new InvalidatedCache<string>(first, CHANNEL, settings);
  secondCache = new InvalidatedCache<string>(second, CHANNEL, settings);
  await Promise.all([first.start(), second.start()]);
});

afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
  await orm?.close(true);
});

describe('a cache invalidated through LISTEN/NOTIFY', () => {
  it('serves a kept row without asking again, and keeps at most maxEntries', async () => {
    loads.length = 0;
    await read(secondCache, 'a');
    await read(secondCache, 'a');
    expect(loads).toEqual(['a']);
    await read(secondCache, 'b');
    await read(secondCache, 'c');
    await read(secondCache, 'a');
    expect(loads).toEqual(['a', 'b', 'c', 'a']);
  });

  it('drops the row on the other process before invalidateEverywhereAndWait answers', async () => {
    await read(secondCache, 'x');
    loads.length = 0;
    await firstCache.invalidateEverywhereAndWait('x');
    await read(secondCache, 'x');
    expect(loads).toEqual(['x']);
  });

  it('trusts nothing while its listener is disconnected, and caches again once it reconnected', async () => {
    await read(secondCache, 'y');
    const [row] = await orm.em
      .fork()
      .getConnection()
      .execute<{ terminated: number }[]>(
        "select count(pg_terminate_backend(pid))::int as terminated from pg_stat_activity where application_name = 'groupflow-notifications' and datname = current_database()",
      );
    expect(row!.terminated).toBeGreaterThanOrEqual(2);
    await until(() => !second.connected);
    loads.length = 0;
    await read(secondCache, 'y');
    await read(secondCache, 'y');
    expect(loads).toEqual(['y', 'y']);
    await until(() => second.connected);
    loads.length = 0;
    await read(secondCache, 'y');
    await read(secondCache, 'y');
    expect(loads).toEqual(['y']);
  });
});
