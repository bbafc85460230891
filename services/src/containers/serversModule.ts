import { discordGuildIconUrl } from '@groupflow/core/contracts';
import { ContainerModule } from 'inversify';
import {
  BotInstallations,
  CustomerDiscordGuilds,
  GetBotStatus,
  GetCurrentCustomer,
  GetServerConfig,
  ListGuildMembers,
  ListRoleProblems,
  ListUserServers,
  RememberDiscordGrant,
  SaveServerConfig,
  ListServerBinds,
  ReplaceServerBinds,
  ReadServerRestrictions,
  ReplaceServerRestrictions,
  PreviewServerBinds,
  ReadServerSyncProgress,
  StartServerSync,
  CancelServerSync,
  VerifyMember,
  type BotState,
  type Clock,
  type CustomerGuildLists,
  type CustomerRepository,
  type DiscordGrants,
  type GuildDirectory,
  type RobloxInventory,
  type RobloxMemberships,
  type RobloxUsers,
  type RoleProblemLog,
  type RefundableRateLimiter,
  type RoleSyncQueue,
  type ServerConfigs,
  type ServerSyncRuns,
  type TriggerServerSync,
} from '@groupflow/core';
import { AesGcmSecretBox } from '@groupflow/adapters/crypto/AesGcmSecretBox';
import { DiscordOAuthUserApi } from '@groupflow/adapters/discord/DiscordOAuthUserApi';
import { discordRoutes } from '@groupflow/adapters/http/routes/discordRoutes';
import type { PgBossServerSyncQueue } from '@groupflow/adapters/jobs/PgBossServerSyncQueue';
import type { Orm } from '@groupflow/adapters/persistence/database';
import { MikroOrmCustomerGuildLists } from '@groupflow/adapters/persistence/servers/MikroOrmCustomerGuildLists';
import { MikroOrmDiscordGrants } from '@groupflow/adapters/persistence/servers/MikroOrmDiscordGrants';
import { MikroOrmMemberVouches } from '@groupflow/adapters/persistence/servers/MikroOrmMemberVouches';
import { MikroOrmStoredGroupRanks } from '@groupflow/adapters/persistence/servers/MikroOrmStoredGroupRanks';
import { MikroOrmLinkedAccounts } from '@groupflow/adapters/persistence/discord/MikroOrmBotRecords';
import type { Config } from '../config.ts';
import { loadSessionSecret } from '../sessionSecret.ts';
import { TOKENS } from './tokens.ts';

/** My Servers, bot status and invitations, server configuration and the verification list (API process). */
export const serversModule = new ContainerModule(({ bind }) => {
  bind<DiscordGrants>(TOKENS.DiscordGrants)
    .toResolvedValue(
      // Keyed from the session secret: rotating it ends sessions and stored Discord grants alike.
      (config: Config, orm: Orm) =>
        new MikroOrmDiscordGrants(orm, new AesGcmSecretBox(loadSessionSecret(config), 'discord-oauth-grants')),
      [TOKENS.Config, TOKENS.Orm],
    )
    .inSingletonScope();
  bind<CustomerGuildLists>(TOKENS.CustomerGuildLists)
    .toResolvedValue((orm: Orm) => new MikroOrmCustomerGuildLists(orm), [TOKENS.Orm])
    .inSingletonScope();
  bind(TOKENS.CustomerDiscordGuilds)
    .toResolvedValue(
      (config: Config, grants: DiscordGrants, lists: CustomerGuildLists, clock: Clock) => {
        const { discord, timeoutMs } = config.oauth;
        const api = new DiscordOAuthUserApi({
          clientId: discord.clientId,
          clientSecret: discord.clientSecret,
          baseUrl: discord.baseUrl,
          timeoutMs,
        });
        return new CustomerDiscordGuilds(grants, api, lists, clock, {
          cacheMs: config.discord.guildsCacheMs,
          refreshMarginMs: config.discord.tokenRefreshMarginMs,
        });
      },
      [TOKENS.Config, TOKENS.DiscordGrants, TOKENS.CustomerGuildLists, TOKENS.Clock],
    )
    .inSingletonScope();
  bind(TOKENS.BotInstallations)
    .toResolvedValue(
      (config: Config, guilds: CustomerDiscordGuilds, bot: BotState, clock: Clock) =>
        new BotInstallations(
          guilds,
          bot,
          clock,
          { onlineWindowMs: config.discord.onlineWindowMs },
          discordGuildIconUrl,
        ),
      [TOKENS.Config, TOKENS.CustomerDiscordGuilds, TOKENS.BotState, TOKENS.Clock],
    )
    .inSingletonScope();
  bind(TOKENS.RememberDiscordGrant)
    .toResolvedValue(
      (grants: DiscordGrants, guilds: CustomerDiscordGuilds) => new RememberDiscordGrant(grants, guilds),
      [TOKENS.DiscordGrants, TOKENS.CustomerDiscordGuilds],
    )
    .inSingletonScope();

  bind(TOKENS.Routers)
    .toResolvedValue(
      (
        config: Config,
        customers: CustomerRepository,
        guilds: CustomerDiscordGuilds,
        lists: CustomerGuildLists,
        bot: BotState,
        configs: ServerConfigs,
        queue: RoleSyncQueue,
        clock: Clock,
        problems: RoleProblemLog,
        orm: Orm,
        directory: GuildDirectory,
        runs: ServerSyncRuns,
        trigger: TriggerServerSync,
        jobs: PgBossServerSyncQueue,
        starts: RefundableRateLimiter,
        robloxUsers: RobloxUsers,
        memberships: RobloxMemberships,
        inventory: RobloxInventory,
      ) => {
        const configDeps = { customers, guilds, configs, directory };
        const presence = { onlineWindowMs: config.discord.onlineWindowMs };
        const vouches = new MikroOrmMemberVouches(orm);
        const stored = { lists, vouches, clock, ranks: new MikroOrmStoredGroupRanks(orm) };
        return discordRoutes({
          getCurrentCustomer: new GetCurrentCustomer(customers),
          listUserServers: new ListUserServers(customers, guilds, bot, configs, clock, presence),
          listRoleProblems: new ListRoleProblems(customers, guilds, bot, problems),
          getBotStatus: new GetBotStatus(customers, guilds, bot, clock, {
            ...presence,
            hasToken: config.discord.botToken !== undefined,
          }),
          getServerConfig: new GetServerConfig(configDeps),
          saveServerConfig: new SaveServerConfig({ ...configDeps, problems, serverSync: trigger }),
          listServerBinds: new ListServerBinds(configDeps),
          replaceServerBinds: new ReplaceServerBinds({ ...configDeps, ...stored, serverSync: trigger }),
          readServerRestrictions: new ReadServerRestrictions(configDeps),
          replaceServerRestrictions: new ReplaceServerRestrictions({ ...configDeps, serverSync: trigger }),
          previewServerBinds: new PreviewServerBinds({
            ...configDeps,
            lists,
            clock,
            accounts: new MikroOrmLinkedAccounts(orm),
            roblox: { robloxUsers, memberships, inventory },
          }),
          readServerSyncProgress: new ReadServerSyncProgress({ customers, guilds, runs, clock }),
          startServerSync: new StartServerSync({ customers, guilds, runs, jobs, starts, clock }),
          cancelServerSync: new CancelServerSync({ customers, guilds, runs, clock }),
          listGuildMembers: new ListGuildMembers(customers, guilds, lists, vouches, configs, {
            limit: config.discord.memberListLimit,
          }),
          verifyMember: new VerifyMember({ customers, guilds, lists, vouches, queue, configs, clock }),
          applicationId: config.discord.applicationId,
          discordBaseUrl: config.discord.baseUrl,
        });
      },
      [
        TOKENS.Config,
        TOKENS.CustomerRepository,
        TOKENS.CustomerDiscordGuilds,
        TOKENS.CustomerGuildLists,
        TOKENS.BotState,
        TOKENS.ServerConfigs,
        TOKENS.RoleSyncQueue,
        TOKENS.Clock,
        TOKENS.RoleProblemLog,
        TOKENS.Orm,
        TOKENS.GuildDirectory,
        TOKENS.ServerSyncRuns,
        TOKENS.TriggerServerSync,
        TOKENS.ServerSyncQueue,
        TOKENS.ServerSyncStartLimiter,
        TOKENS.RobloxUsers,
        TOKENS.RobloxMemberships,
        TOKENS.RobloxInventory,
      ],
    )
    .inSingletonScope();
});
