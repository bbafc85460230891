import { createServer, type Server } from 'node:net';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Orm } from './database.ts';
import { isDatabaseUnavailable, isPoolExhausted } from './databaseUnavailable.ts';

const opened: Orm[] = [];
const servers: Server[] = [];

afterAll(async () => {
  await Promise.all(opened.map((orm) => orm.close(true)));
  for (const server of servers) server.close();
});

async function rejection(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

describe('the database pool (DATABASE_POOL_MAX, DATABASE_POOL_ACQUIRE_TIMEOUT_MS, DATABASE_CONNECT_TIMEOUT_MS)', () => {
  it('queues a call while every connection is busy, and past the acquire timeout reports load, not an outage', async () => {
    const orm = await openDatabase(inject('databaseUrl'), undefined, { poolMax: 1, poolAcquireTimeoutMs: 1000 });
    opened.push(orm);
    const pool = await orm.em.getConnection().getNativeClient();
    const held = await pool.connect();

    // Released within the acquire timeout: the queued call gets the connection and succeeds.
    setTimeout(() => held.release(), 300);
    await expect(orm.em.getConnection().execute('select 1 as one')).resolves.toEqual([{ one: 1 }]);

    const again = await pool.connect();
    const started = performance.now();
    const error = await rejection(orm.em.getConnection().execute('select 1'));
    again.release();
    expect(performance.now() - started).toBeGreaterThanOrEqual(900);
    expect(isPoolExhausted(error)).toBe(true);
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('still fails fast, as an outage, when a new connection does not answer within the connect timeout', async () => {
    // Accepts TCP and never speaks PostgreSQL: a database host that hangs.
    const silent = createServer(() => undefined);
    servers.push(silent);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    // Opening does not fail on an unreachable database (the server starts and reports it); the first call does.
    const orm = await openDatabase(`postgres://postgres:secret@127.0.0.1:${port}/none`, undefined, {
      connectTimeoutMs: 300,
      poolAcquireTimeoutMs: 10_000,
    });
    opened.push(orm);
    const started = performance.now();
    const error = await rejection(orm.em.getConnection().execute('select 1'));
    // Well under the 10 s acquire timeout: the connect timeout applies to each new connection.
    expect(performance.now() - started).toBeLessThan(3000);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});
