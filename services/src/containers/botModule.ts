import { ContainerModule } from 'inversify';
import type { Logger } from 'pino';
import type { Client } from 'discord.js';
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
  SyncMemberRoles,
  SyncUserEverywhere,
  type BotState,
  type Clock,
  type DiscordGuilds,
  type GuildDirectory,
  type RobloxGroups,
  type RobloxMemberships,
  type RobloxInventory,
  type RobloxUsers,
  type RoleProblemLog,
  type RoleSyncQueue,
  type ServerConfigs,
  type ServerSyncRuns,
  type TriggerServerSync,
} from '@groupflow/core';
import { inRequestContext, type Orm } from '@groupflow/adapters/persistence/database';
import { createDiscordClient, DiscordJsBot } from '@groupflow/adapters/discord/DiscordJsBot';
import { DiscordJsGuilds } from '@groupflow/adapters/discord/DiscordJsGuilds';
import { PgBossRoleSyncWorker } from '@groupflow/adapters/jobs/PgBossRoleSyncQueue';
import { PgBossServerSyncWorker, type PgBossServerSyncQueue } from '@groupflow/adapters/jobs/PgBossServerSyncQueue';
import type { PgBossJobs } from '@groupflow/adapters/jobs/PgBossJobs';
import {
  MikroOrmAnnouncements,
  MikroOrmBotActivityLog,
  MikroOrmGroupRankBindings,
  MikroOrmLinkedAccounts,
} from '@groupflow/adapters/persistence/discord/MikroOrmBotRecords';
import { PostgresMemberSyncLocks } from '@groupflow/adapters/persistence/discord/PostgresMemberSyncLocks';
import { MikroOrmSessionChannels } from '@groupflow/adapters/persistence/discord/MikroOrmServerConfigs';
import { MikroOrmGroupSessions } from '@groupflow/adapters/persistence/workspace/MikroOrmGroupSessions';
import { PgBossSessionPostWorker } from '@groupflow/adapters/jobs/PgBossSessionNotices';
import type { Config } from '../config.ts';
import { TOKENS } from './tokens.ts';

const scopedIn =
  (orm: Orm) =>
  <T>(work: () => Promise<T>) =>
    inRequestContext(orm, work);

/** The bot process: discord.js on DISCORD_BASE_URL, the command use cases, and the role sync workers. */
export const botModule = new ContainerModule(({ bind }) => {
  bind<Client>(TOKENS.DiscordClient)
    .toResolvedValue(
      (config: Config) =>
        createDiscordClient({
          restApi: `${config.discord.baseUrl}/api`,
          waitGuildTimeoutMs: config.bot.waitGuildTimeoutMs,
          restOffsetMs: config.bot.restOffsetMs,
          shards: { ids: config.bot.shards.ids, count: config.bot.shards.count },
        }),
      [TOKENS.Config],
    )
    .inSingletonScope();
  // One client serves the single-member syncs and the server-wide one: their member edits share discord.js's queue.
  bind<DiscordJsGuilds>(TOKENS.DiscordGuilds)
    .toResolvedValue((client: Client) => new DiscordJsGuilds(client), [TOKENS.DiscordClient])
    .inSingletonScope();
  bind(TOKENS.MemberSyncLocks)
    .toResolvedValue(
      (config: Config, orm: Orm) =>
        new PostgresMemberSyncLocks({
          connectionString: orm.config.get('clientUrl')!,
          ...config.bot.roleSyncLocks,
        }),
      [TOKENS.Config, TOKENS.Orm],
    )
    .inSingletonScope();
  bind(TOKENS.SyncMemberRoles)
    .toResolvedValue(
      (
        orm: Orm,
        configs: ServerConfigs,
        discord: DiscordGuilds,
        robloxUsers: RobloxUsers,
        memberships: RobloxMemberships,
        inventory: RobloxInventory,
        problems: RoleProblemLog,
        locks: PostgresMemberSyncLocks,
        clock: Clock,
      ) =>
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
    )
    .inSingletonScope();
  bind(TOKENS.HandleCommand)
    .toResolvedValue(
      (
        config: Config,
        orm: Orm,
        clock: Clock,
        configs: ServerConfigs,
        state: BotState,
        discord: DiscordGuilds,
        sync: SyncMemberRoles,
        serverSync: TriggerServerSync,
      ) => {
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
    )
    .inSingletonScope();
  bind(TOKENS.DiscordJsBot)
    .toResolvedValue(
      (
        config: Config,
        logger: Logger,
        orm: Orm,
        client: Client,
        handleCommand: HandleCommand,
        configs: ServerConfigs,
        state: BotState,
        queue: RoleSyncQueue,
        discord: DiscordGuilds,
        problems: RoleProblemLog,
        directory: GuildDirectory,
        groups: RobloxGroups,
        guilds: DiscordJsGuilds,
      ) =>
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
    )
    .inSingletonScope();
  bind(TOKENS.SessionPostWorker)
    .toResolvedValue(
      (config: Config, logger: Logger, orm: Orm, jobs: PgBossJobs, discord: DiscordGuilds) =>
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
      [TOKENS.Config, TOKENS.Logger, TOKENS.Orm, TOKENS.PgBossJobs, TOKENS.DiscordGuilds],
    )
    .inSingletonScope();
  bind(TOKENS.RoleSyncWorker)
    .toResolvedValue(
      (
        config: Config,
        logger: Logger,
        orm: Orm,
        jobs: PgBossJobs,
        sync: SyncMemberRoles,
        discord: DiscordGuilds,
        queue: RoleSyncQueue,
      ) =>
        new PgBossRoleSyncWorker(jobs, config.bot.roleSync, {
          sync,
          everywhere: new SyncUserEverywhere({ discord, queue }),
          scoped: scopedIn(orm),
          logger,
        }),
      [
        TOKENS.Config,
        TOKENS.Logger,
        TOKENS.Orm,
        TOKENS.PgBossJobs,
        TOKENS.SyncMemberRoles,
        TOKENS.DiscordGuilds,
        TOKENS.RoleSyncQueue,
      ],
    )
    .inSingletonScope();
  bind(TOKENS.ServerSyncWorker)
    .toResolvedValue(
      (
        config: Config,
        logger: Logger,
        orm: Orm,
        jobs: PgBossJobs,
        queue: PgBossServerSyncQueue,
        runs: ServerSyncRuns,
        configs: ServerConfigs,
        discord: DiscordJsGuilds,
        robloxUsers: RobloxUsers,
        memberships: RobloxMemberships,
        inventory: RobloxInventory,
        problems: RoleProblemLog,
        clock: Clock,
        locks: PostgresMemberSyncLocks,
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
          verifyPanel: new PostVerifyPanel({ configs, messages: discord }),
          runs,
          queue,
          logger,
        }),
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
    )
    .inSingletonScope();
});
