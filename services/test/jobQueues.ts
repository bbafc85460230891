/**
 * A positive signal that background work is over, in place of fixed sleeps: pg-boss keeps every job in
 * pgboss.job, so a queue is drained when none of its jobs is waiting, due for a retry or being worked.
 */
import { expect } from 'vitest';
import type { Orm } from '@groupflow/adapters/persistence/database';

const UNFINISHED = "('created', 'retry', 'active')";

/** Jobs of the queues whose name matches `namePattern` (SQL `like`) not yet completed, failed or cancelled. */
export async function unfinishedJobs(orm: Orm, namePattern: string): Promise<number> {
  const connection = orm.em.fork().getConnection();
  // pg-boss makes its schema on the first job; before it, no queue has anything to do.
  const [found] = await connection.execute<{ jobs: string | null }[]>("select to_regclass('pgboss.job') as jobs");
  if (!found?.jobs) return 0;
  const [row] = await connection.execute<{ count: string }[]>(
    `select count(*) as count from pgboss.job where name like ? and state in ${UNFINISHED}`,
    [namePattern],
  );
  return Number(row!.count);
}

/** Waits until every queue matching `namePattern` is drained: nothing waiting, retrying or running. */
export async function queuesDrained(orm: Orm, namePattern: string, timeout = 30_000): Promise<void> {
  await expect.poll(() => unfinishedJobs(orm, namePattern), { timeout, interval: 100 }).toBe(0);
}
