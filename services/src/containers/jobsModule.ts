import { ContainerModule } from 'inversify';
import type { RoleSyncQueue } from '@groupflow/core';
import type { Orm } from '@groupflow/adapters/persistence/database';
import { PgBossJobs } from '@groupflow/adapters/jobs/PgBossJobs';
import { PgBossRoleSyncQueue } from '@groupflow/adapters/jobs/PgBossRoleSyncQueue';
import type { Config } from '../config.ts';
import { TOKENS } from './tokens.ts';

export const JOBS = {
  PgBoss: Symbol.for('PgBossJobs'),
  RoleSyncQueue: Symbol.for('RoleSyncQueue'),
} as const;

/** pg-boss in the application's PostgreSQL and the RoleSyncQueue on it; loaded by the API and the bot. */
export const jobsModule = new ContainerModule(({ bind }) => {
  bind(JOBS.PgBoss)
    .toResolvedValue(
      (config: Config, orm: Orm) => new PgBossJobs(orm, { ...config.jobs, supervise: true }),
      [TOKENS.Config, TOKENS.Orm],
    )
    .inSingletonScope();
  bind<RoleSyncQueue>(JOBS.RoleSyncQueue)
    .toResolvedValue(
      (config: Config, jobs: PgBossJobs) => new PgBossRoleSyncQueue(jobs, config.bot.roleSync),
      [TOKENS.Config, JOBS.PgBoss],
    )
    .inSingletonScope();
});
