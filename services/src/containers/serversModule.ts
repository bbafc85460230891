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
  ServerSync,
  VerifyMember,
  type BotState,
  type Clock,
  type CustomerGuildLists,
  type CustomerRepository,
  type DiscordGrants,
  type GuildDirectory,
  type RoleProblemLog,
  type RoleSyncQueue,
  type ServerConfigs,
  type ServerSyncRuns,
  type TriggerServerSync,
} from '@groupflow/core';
import { AesGcmSecretBox } from '@groupflow/adapters/crypto/AesGcmSecretBox';
import { DiscordOAuthUserApi } from '@groupflow/adapters/discord/DiscordOAuthUserApi';
import { discordRoutes } from '@groupflow/adapters/http/routes/discordRoutes';
import type { Orm } from '@groupflow/adapters/persistence/database';
import { MikroOrmCustomerGuildLists } from '@groupflow/adapters/persistence/servers/MikroOrmCustomerGuildLists';
import { MikroOrmDiscordGrants } from '@groupflow/adapters/persistence/servers/MikroOrmDiscordGrants';
import { MikroOrmMemberVouches } from '@groupflow/adapters/persistence/servers/MikroOrmMemberVouches';
import type { Config } from '../config.ts';
import { loadSessionSecret } from '../sessionSecret.ts';
import { CUSTOMER_TOKENS } from './customerModule.ts';
import { DISCORD_STATE } from './discordStateModule.ts';
import { JOBS } from './jobsModule.ts';
import { TOKENS } from './tokens.ts';

/** Service identifiers of the servers area. */
export const SERVERS = {
  Grants: Symbol.for('DiscordGrants'),
  GuildLists: Symbol.for('CustomerGuildLists'),
  /** One per container: it keeps the in-flight Discord calls per customer. */
  CustomerGuilds: Symbol.for('CustomerDiscordGuilds'),
  BotInstallations: Symbol.for('BotInstallations'),
  RememberDiscordGrant: Symbol.for('RememberDiscordGrant'),
} as const;

/** My Servers, bot status and invitations, server configuration and the verification list (API process). */
export const serversModule = new ContainerModule(({ bind }) => {
  bind<DiscordGrants>(SERVERS.Grants)
    .toResolvedValue(
      // Keyed from the session secret: rotating it ends sessions and stored Discord grants alike.
      (config: Config, orm: Orm) =>
        new MikroOrmDiscordGrants(orm, new AesGcmSecretBox(loadSessionSecret(config), 'discord-oauth-grants')),
      [TOKENS.Config, TOKENS.Orm],
    )
    .inSingletonScope();
  bind<CustomerGuildLists>(SERVERS.GuildLists)
    .toResolvedValue((orm: Orm) => new MikroOrmCustomerGuildLists(orm), [TOKENS.Orm])
    .inSingletonScope();
  bind(SERVERS.CustomerGuilds)
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
      [TOKENS.Config, SERVERS.Grants, SERVERS.GuildLists, TOKENS.Clock],
    )
    .inSingletonScope();
  bind(SERVERS.BotInstallations)
    .toResolvedValue(
      (config: Config, guilds: CustomerDiscordGuilds, bot: BotState, clock: Clock) =>
        new BotInstallations(guilds, bot, clock, { onlineWindowMs: config.discord.onlineWindowMs }),
      [TOKENS.Config, SERVERS.CustomerGuilds, DISCORD_STATE.BotState, TOKENS.Clock],
    )
    .inSingletonScope();
  bind(SERVERS.RememberDiscordGrant)
    .toResolvedValue(
      (grants: DiscordGrants, guilds: CustomerDiscordGuilds) => new RememberDiscordGrant(grants, guilds),
      [SERVERS.Grants, SERVERS.CustomerGuilds],
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
      ) => {
        const configDeps = { customers, guilds, configs, directory };
        const presence = { onlineWindowMs: config.discord.onlineWindowMs };
        const vouches = new MikroOrmMemberVouches(orm);
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
          serverSync: new ServerSync({ customers, guilds, runs, trigger, clock }),
          listGuildMembers: new ListGuildMembers(customers, guilds, lists, vouches, {
            limit: config.discord.memberListLimit,
          }),
          verifyMember: new VerifyMember({ customers, guilds, lists, vouches, queue, clock }),
          applicationId: config.discord.applicationId,
          discordBaseUrl: config.discord.baseUrl,
        });
      },
      [
        TOKENS.Config,
        CUSTOMER_TOKENS.CustomerRepository,
        SERVERS.CustomerGuilds,
        SERVERS.GuildLists,
        DISCORD_STATE.BotState,
        DISCORD_STATE.ServerConfigs,
        JOBS.RoleSyncQueue,
        TOKENS.Clock,
        DISCORD_STATE.RoleProblems,
        TOKENS.Orm,
        DISCORD_STATE.GuildDirectory,
        DISCORD_STATE.ServerSyncRuns,
        JOBS.TriggerServerSync,
      ],
    )
    .inSingletonScope();
});
