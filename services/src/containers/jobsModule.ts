import { ContainerModule } from 'inversify';
import { TriggerServerSync, type Clock, type RoleSyncQueue, type ServerSyncRuns } from '@groupflow/core';
import type { Orm } from '@groupflow/adapters/persistence/database';
import { PgBossJobs } from '@groupflow/adapters/jobs/PgBossJobs';
import { PgBossRoleSyncQueue } from '@groupflow/adapters/jobs/PgBossRoleSyncQueue';
import { PgBossServerSyncQueue } from '@groupflow/adapters/jobs/PgBossServerSyncQueue';
import { PgBossSessionNoticeQueues } from '@groupflow/adapters/jobs/PgBossSessionNotices';
import type { Config } from '../config.ts';
import { TOKENS } from './tokens.ts';

/**
 * pg-boss in the application's PostgreSQL, the RoleSyncQueue and the server-wide sync's queue on it (with the
 * trigger both processes start runs with); loaded by the API and the bot, after discordStateModule.
 */
export const jobsModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.PgBossJobs)
    .toResolvedValue(
      (config: Config, orm: Orm) => new PgBossJobs(orm, { ...config.jobs, supervise: true }),
      [TOKENS.Config, TOKENS.Orm],
    )
    .inSingletonScope();
  bind<RoleSyncQueue>(TOKENS.RoleSyncQueue)
    .toResolvedValue(
      (config: Config, jobs: PgBossJobs) => new PgBossRoleSyncQueue(jobs, config.bot.roleSync),
      [TOKENS.Config, TOKENS.PgBossJobs],
    )
    .inSingletonScope();
  bind(TOKENS.ServerSyncQueue)
    .toResolvedValue(
      (config: Config, jobs: PgBossJobs) => new PgBossServerSyncQueue(jobs, config.bot.serverSync.jobs),
      [TOKENS.Config, TOKENS.PgBossJobs],
    )
    .inSingletonScope();
  bind(TOKENS.SessionNoticeQueues)
    .toResolvedValue(
      (config: Config, jobs: PgBossJobs) => new PgBossSessionNoticeQueues(jobs, config.roblox.workspace.sessionNotices),
      [TOKENS.Config, TOKENS.PgBossJobs],
    )
    .inSingletonScope();
  bind(TOKENS.TriggerServerSync)
    .toResolvedValue(
      (runs: ServerSyncRuns, jobs: PgBossServerSyncQueue, clock: Clock) => new TriggerServerSync({ runs, jobs, clock }),
      [TOKENS.ServerSyncRuns, TOKENS.ServerSyncQueue, TOKENS.Clock],
    )
    .inSingletonScope();
});
