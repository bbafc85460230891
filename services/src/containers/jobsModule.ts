import { ContainerModule } from 'inversify';
import { TriggerServerSync, type Clock, type RoleSyncQueue, type ServerSyncRuns } from '@groupflow/core';
import type { Orm } from '@groupflow/adapters/persistence/database';
import { PgBossJobs } from '@groupflow/adapters/jobs/PgBossJobs';
import { PgBossRoleSyncQueue } from '@groupflow/adapters/jobs/PgBossRoleSyncQueue';
import { PgBossServerSyncQueue } from '@groupflow/adapters/jobs/PgBossServerSyncQueue';
import { PgBossSessionNoticeQueues } from '@groupflow/adapters/jobs/PgBossSessionNotices';
import type { Config } from '../config.ts';
import { DISCORD_STATE } from './discordStateModule.ts';
import { TOKENS } from './tokens.ts';

export const JOBS = {
  PgBoss: Symbol.for('PgBossJobs'),
  RoleSyncQueue: Symbol.for('RoleSyncQueue'),
  ServerSyncQueue: Symbol.for('ServerSyncQueue'),
  TriggerServerSync: Symbol.for('TriggerServerSync'),
  SessionNotices: Symbol.for('SessionNoticeQueues'),
} as const;

/**
 * pg-boss in the application's PostgreSQL, the RoleSyncQueue and the server-wide sync's queue on it (with the
 * trigger both processes start runs with); loaded by the API and the bot, after discordStateModule.
 */
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
  bind(JOBS.ServerSyncQueue)
    .toResolvedValue(
      (config: Config, jobs: PgBossJobs) => new PgBossServerSyncQueue(jobs, config.bot.serverSync.jobs),
      [TOKENS.Config, JOBS.PgBoss],
    )
    .inSingletonScope();
  bind(JOBS.SessionNotices)
    .toResolvedValue(
      (config: Config, jobs: PgBossJobs) => new PgBossSessionNoticeQueues(jobs, config.roblox.workspace.sessionNotices),
      [TOKENS.Config, JOBS.PgBoss],
    )
    .inSingletonScope();
  bind(JOBS.TriggerServerSync)
    .toResolvedValue(
      (runs: ServerSyncRuns, jobs: PgBossServerSyncQueue, clock: Clock) => new TriggerServerSync({ runs, jobs, clock }),
      [DISCORD_STATE.ServerSyncRuns, JOBS.ServerSyncQueue, TOKENS.Clock],
    )
    .inSingletonScope();
});
