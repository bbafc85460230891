import { discordGuildIconUrl } from '@groupflow/core/contracts';
import { ContainerModule } from 'inversify';
import {
  BotInstallations,
  CustomerDiscordGuilds,
  GetBotStatus,
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
} from '@groupflow/core';
import { AesGcmSecretBox } from '@groupflow/adapters/crypto/AesGcmSecretBox';
import { DiscordOAuthUserApi } from '@groupflow/adapters/discord/DiscordOAuthUserApi';
import { serversRoutes } from '@groupflow/adapters/http/routes/serversRoutes';
import { MikroOrmCustomerGuildLists } from '@groupflow/adapters/persistence/servers/MikroOrmCustomerGuildLists';
import { MikroOrmDiscordGrants } from '@groupflow/adapters/persistence/servers/MikroOrmDiscordGrants';
import { MikroOrmMemberVouches } from '@groupflow/adapters/persistence/servers/MikroOrmMemberVouches';
import { MikroOrmStoredGroupRanks } from '@groupflow/adapters/persistence/servers/MikroOrmStoredGroupRanks';
import { MikroOrmLinkedAccounts } from '@groupflow/adapters/persistence/discord/MikroOrmBotRecords';
import { loadSessionSecret } from '../sessionSecret.ts';
import { bindFrom, TOKENS } from './tokens.ts';

/** My Servers, bot status and invitations, server configuration and the verification list (API process). */
export const serversModule = new ContainerModule(({ bind }) => {
  bindFrom(
    bind,
    TOKENS.DiscordGrants,
    [TOKENS.Config, TOKENS.Orm],
    // Keyed from the session secret: rotating it ends sessions and stored Discord grants alike.
    (config, orm) =>
      new MikroOrmDiscordGrants(orm, new AesGcmSecretBox(loadSessionSecret(config), 'discord-oauth-grants')),
  ).inSingletonScope();
  bindFrom(
    bind,
    TOKENS.CustomerGuildLists,
    [TOKENS.Orm],
    (orm) => new MikroOrmCustomerGuildLists(orm),
  ).inSingletonScope();
  bindFrom(
    bind,
    TOKENS.CustomerDiscordGuilds,
    [TOKENS.Config, TOKENS.DiscordGrants, TOKENS.CustomerGuildLists, TOKENS.Clock],
    (config, grants, lists, clock) => {
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
  ).inSingletonScope();
  bindFrom(
    bind,
    TOKENS.BotInstallations,
    [TOKENS.Config, TOKENS.CustomerDiscordGuilds, TOKENS.BotState, TOKENS.Clock],
    (config, guilds, bot, clock) =>
      new BotInstallations(guilds, bot, clock, { onlineWindowMs: config.discord.onlineWindowMs }, discordGuildIconUrl),
  ).inSingletonScope();
  bindFrom(
    bind,
    TOKENS.RememberDiscordGrant,
    [TOKENS.DiscordGrants, TOKENS.CustomerDiscordGuilds],
    (grants, guilds) => new RememberDiscordGrant(grants, guilds),
  ).inSingletonScope();

  bindFrom(
    bind,
    TOKENS.Routers,
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
      TOKENS.GetCurrentCustomer,
    ],
    (
      config,
      customers,
      guilds,
      lists,
      bot,
      configs,
      queue,
      clock,
      problems,
      orm,
      directory,
      runs,
      trigger,
      jobs,
      starts,
      robloxUsers,
      memberships,
      inventory,
      getCurrentCustomer,
    ) => {
      const configDeps = { customers, guilds, configs, directory };
      const presence = { onlineWindowMs: config.discord.onlineWindowMs };
      const vouches = new MikroOrmMemberVouches(orm);
      const stored = { lists, vouches, clock, ranks: new MikroOrmStoredGroupRanks(orm) };
      return serversRoutes({
        getCurrentCustomer,
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
  ).inSingletonScope();
});
