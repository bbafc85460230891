import { ContainerModule } from 'inversify';
import { TriggerServerSync } from '@groupflow/core';
import { PgBossJobs } from '@groupflow/adapters/jobs/PgBossJobs';
import { PgBossRoleSyncQueue } from '@groupflow/adapters/jobs/PgBossRoleSyncQueue';
import { PgBossServerSyncQueue } from '@groupflow/adapters/jobs/PgBossServerSyncQueue';
import { PgBossSessionNoticeQueues } from '@groupflow/adapters/jobs/PgBossSessionNotices';
import { bindFrom, TOKENS } from './tokens.ts';

/**
 * pg-boss in the application's PostgreSQL, the RoleSyncQueue and the server-wide sync's queue on it (with the
 * trigger both processes start runs with); loaded by the API and the bot, after discordStateModule.
 */
export const jobsModule = new ContainerModule(({ bind }) => {
  bindFrom(
    bind,
    TOKENS.PgBossJobs,
    [TOKENS.Config, TOKENS.Orm],
    (config, orm) => new PgBossJobs(orm, { ...config.jobs, supervise: true }),
  ).inSingletonScope();
  bindFrom(
    bind,
    TOKENS.RoleSyncQueue,
    [TOKENS.Config, TOKENS.PgBossJobs],
    (config, jobs) => new PgBossRoleSyncQueue(jobs, config.bot.roleSync),
  ).inSingletonScope();
  bindFrom(
    bind,
    TOKENS.ServerSyncQueue,
    [TOKENS.Config, TOKENS.PgBossJobs],
    (config, jobs) => new PgBossServerSyncQueue(jobs, config.bot.serverSync.jobs),
  ).inSingletonScope();
  bindFrom(
    bind,
    TOKENS.SessionNoticeQueues,
    [TOKENS.Config, TOKENS.PgBossJobs],
    (config, jobs) => new PgBossSessionNoticeQueues(jobs, config.roblox.workspace.sessionNotices),
  ).inSingletonScope();
  bindFrom(
    bind,
    TOKENS.TriggerServerSync,
    [TOKENS.ServerSyncRuns, TOKENS.ServerSyncQueue, TOKENS.Clock],
    (runs, jobs, clock) => new TriggerServerSync({ runs, jobs, clock }),
  ).inSingletonScope();
});
