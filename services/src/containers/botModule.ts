import { ContainerModule } from 'inversify';
import {
  Announce,
  BindGroup,
  CheckGuildRoles,
  HandleCommand,
  MemberJoined,
  ModerateMember,
  PostSessionSchedule,
  PostVerifyPanel,
  RunServerSync,
  FailServerSync,
  SyncMemberRoles,
  SyncUserEverywhere,
} from '@groupflow/core';
import { inRequestContext, type Orm } from '@groupflow/adapters/persistence/database';
import { createDiscordClient, DiscordJsBot } from '@groupflow/adapters/discord/DiscordJsBot';
import { DiscordJsGuilds } from '@groupflow/adapters/discord/DiscordJsGuilds';
import { PgBossRoleSyncWorker } from '@groupflow/adapters/jobs/PgBossRoleSyncQueue';
import { PgBossServerSyncWorker } from '@groupflow/adapters/jobs/PgBossServerSyncQueue';
import {
  MikroOrmAnnouncements,
  MikroOrmBotActivityLog,
  MikroOrmGroupRankBindings,
  MikroOrmLinkedAccounts,
} from '@groupflow/adapters/persistence/discord/MikroOrmBotRecords';
import { PostgresMemberSyncLocks } from '@groupflow/adapters/persistence/discord/PostgresMemberSyncLocks';
import { MikroOrmSessionChannels } from '@groupflow/adapters/persistence/discord/MikroOrmServerConfigs';
import { MikroOrmGroupSessions } from '@groupflow/adapters/persistence/roblox/MikroOrmGroupSessions';
import { PgBossSessionPostWorker } from '@groupflow/adapters/jobs/PgBossSessionNotices';
import { bindFrom, TOKENS } from './tokens.ts';

const scopedIn =
  (orm: Orm) =>
  <T>(work: () => Promise<T>) =>
    inRequestContext(orm, work);

/** The bot process: discord.js on DISCORD_BASE_URL, the command use cases, and the role sync workers. */
export const botModule = new ContainerModule(({ bind }) => {
  bindFrom(bind, TOKENS.DiscordClient, [TOKENS.Config], (config) =>
    createDiscordClient({
      restApi: `${config.discord.baseUrl}/api`,
      waitGuildTimeoutMs: config.bot.waitGuildTimeoutMs,
      restOffsetMs: config.bot.restOffsetMs,
      shards: { ids: config.bot.shards.ids, count: config.bot.shards.count },
    }),
  ).inSingletonScope();
  // One client serves the single-member syncs and the server-wide one: their member edits share discord.js's queue.
  bindFrom(
    bind,
    TOKENS.DiscordGuilds,
    [TOKENS.DiscordClient],
    (client) => new DiscordJsGuilds(client),
  ).inSingletonScope();
  bindFrom(
    bind,
    TOKENS.MemberSyncLocks,
    [TOKENS.Config, TOKENS.Orm],
    (config, orm) =>
      new PostgresMemberSyncLocks({
        connectionString: orm.config.get('clientUrl')!,
        ...config.bot.roleSyncLocks,
      }),
  ).inSingletonScope();
  bindFrom(
    bind,
    TOKENS.SyncMemberRoles,
    [
      TOKENS.Orm,
      TOKENS.ServerConfigs,
      TOKENS.DiscordGuilds,
      TOKENS.RobloxUsers,
      TOKENS.RobloxMemberships,
      TOKENS.RobloxInventory,
      TOKENS.RoleProblemLog,
      TOKENS.MemberSyncLocks,
      TOKENS.Clock,
    ],
    (orm, configs, discord, robloxUsers, memberships, inventory, problems, locks, clock) =>
      new SyncMemberRoles({
        configs,
        accounts: new MikroOrmLinkedAccounts(orm),
        discord,
        robloxUsers,
        memberships,
        inventory,
        problems,
        locks,
        clock,
      }),
  ).inSingletonScope();
  bindFrom(
    bind,
    TOKENS.HandleCommand,
    [
      TOKENS.Config,
      TOKENS.Orm,
      TOKENS.Clock,
      TOKENS.ServerConfigs,
      TOKENS.BotState,
      TOKENS.DiscordGuilds,
      TOKENS.SyncMemberRoles,
      TOKENS.TriggerServerSync,
    ],
    (config, orm, clock, configs, state, discord, sync, serverSync) => {
      const activities = new MikroOrmBotActivityLog(orm);
      return new HandleCommand({
        sync,
        moderate: new ModerateMember({ configs, discord, activities, clock }),
        bindGroup: new BindGroup({ configs, discord, activities, serverSync }),
        announce: new Announce({ configs, discord, announcements: new MikroOrmAnnouncements(orm) }),
        configs,
        discord,
        state,
        accounts: new MikroOrmLinkedAccounts(orm),
        clock,
        linkUrl: `${config.publicUrl}/verify`,
      });
    },
  ).inSingletonScope();
  bindFrom(
    bind,
    TOKENS.DiscordJsBot,
    [
      TOKENS.Config,
      TOKENS.Logger,
      TOKENS.Orm,
      TOKENS.DiscordClient,
      TOKENS.HandleCommand,
      TOKENS.ServerConfigs,
      TOKENS.BotState,
      TOKENS.RoleSyncQueue,
      TOKENS.DiscordGuilds,
      TOKENS.RoleProblemLog,
      TOKENS.GuildDirectory,
      TOKENS.RobloxGroups,
      TOKENS.DiscordGuilds,
    ],
    (config, logger, orm, client, handleCommand, configs, state, queue, discord, problems, directory, groups, guilds) =>
      new DiscordJsBot(client, {
        handleCommand,
        memberJoined: new MemberJoined({ configs, queue }),
        verifyPanel: new PostVerifyPanel({ configs, messages: guilds }),
        checkGuildRoles: new CheckGuildRoles({
          configs,
          discord,
          directory,
          ranks: new MikroOrmGroupRankBindings(orm),
          groups,
          problems,
        }),
        state,
        scoped: scopedIn(orm),
        logger,
        heartbeatMs: config.bot.heartbeatMs,
        eventConcurrency: config.bot.eventConcurrency,
        shardIds: config.bot.shards.ids,
      }),
  ).inSingletonScope();
  bindFrom(
    bind,
    TOKENS.SessionPostWorker,
    [TOKENS.Config, TOKENS.Logger, TOKENS.Orm, TOKENS.PgBossJobs, TOKENS.DiscordGuilds],
    (config, logger, orm, jobs, discord) =>
      new PgBossSessionPostWorker(jobs, config.roblox.workspace.sessionNotices, {
        postSchedule: new PostSessionSchedule({
          sessions: new MikroOrmGroupSessions(orm, {
            durationMinutes: config.roblox.workspace.attendanceMs / 60_000,
          }),
          channels: new MikroOrmSessionChannels(orm),
          discord,
        }),
        scoped: scopedIn(orm),
        logger,
      }),
  ).inSingletonScope();
  bindFrom(
    bind,
    TOKENS.RoleSyncWorker,
    [
      TOKENS.Config,
      TOKENS.Logger,
      TOKENS.Orm,
      TOKENS.PgBossJobs,
      TOKENS.SyncMemberRoles,
      TOKENS.DiscordGuilds,
      TOKENS.RoleSyncQueue,
    ],
    (config, logger, orm, jobs, sync, discord, queue) =>
      new PgBossRoleSyncWorker(jobs, config.bot.roleSync, {
        sync,
        everywhere: new SyncUserEverywhere({ discord, queue }),
        scoped: scopedIn(orm),
        logger,
      }),
  ).inSingletonScope();
  bindFrom(
    bind,
    TOKENS.ServerSyncWorker,
    [
      TOKENS.Config,
      TOKENS.Logger,
      TOKENS.Orm,
      TOKENS.PgBossJobs,
      TOKENS.ServerSyncQueue,
      TOKENS.ServerSyncRuns,
      TOKENS.ServerConfigs,
      TOKENS.DiscordGuilds,
      TOKENS.RobloxUsers,
      TOKENS.RobloxMemberships,
      TOKENS.RobloxInventory,
      TOKENS.RoleProblemLog,
      TOKENS.Clock,
      TOKENS.MemberSyncLocks,
    ],
    (
      config,
      logger,
      orm,
      jobs,
      queue,
      runs,
      configs,
      discord,
      robloxUsers,
      memberships,
      inventory,
      problems,
      clock,
      locks,
    ) =>
      new PgBossServerSyncWorker(jobs, config.bot.serverSync.jobs, {
        run: new RunServerSync({
          runs,
          pages: discord,
          discord,
          configs,
          accounts: new MikroOrmLinkedAccounts(orm),
          robloxUsers,
          memberships,
          inventory,
          problems,
          clock,
          locks,
          settings: config.bot.serverSync.run,
        }),
        fail: new FailServerSync({ runs, clock }),
        verifyPanel: new PostVerifyPanel({ configs, messages: discord }),
        runs,
        queue,
        logger,
      }),
  ).inSingletonScope();
});
