import { ContainerModule } from 'inversify';
import type { Logger } from 'pino';
import {
  BanCustomer,
  ChangeCustomerRole,
  CustomerSessionLifetime,
  ListCustomerAccounts,
  UnbanCustomer,
  type AuthenticateStaff,
  type Clock,
  type StaffActivityLog,
  GetCurrentCustomer,
  GetUserProfile,
  ListBots,
  ListServers,
  SignInWithDiscord,
  SignInWithRoblox,
  UpdateUserProfile,
  type BotInstallations,
  type Customer,
  type CustomerRepository,
  type RoleSyncQueue,
  type RememberDiscordGrant,
  type Transaction,
} from '@groupflow/core';
import type { Orm } from '@groupflow/adapters/persistence/database';
import { MikroOrmCustomerRepository } from '@groupflow/adapters/persistence/customer/MikroOrmCustomerRepository';
import { MikroOrmCustomerAccounts } from '@groupflow/adapters/persistence/customer/MikroOrmCustomerAccounts';
import { MikroOrmBanSources } from '@groupflow/adapters/persistence/customer/MikroOrmBanSources';
import type { PostgresSessionStore } from '@groupflow/adapters/persistence/customer/PostgresSessionStore';
import { customerAccountRoutes } from '@groupflow/adapters/http/routes/customerAccountRoutes';
import { MikroOrmPendingClaims } from '@groupflow/adapters/persistence/roblox/MikroOrmPendingClaims';
import {
  CachedCustomerRepository,
  CUSTOMER_CHANNEL,
} from '@groupflow/adapters/persistence/customer/CachedCustomerRepository';
import { InvalidatedCache } from '@groupflow/adapters/persistence/notifications/InvalidatedCache';
import type { PostgresNotifications } from '@groupflow/adapters/persistence/notifications/PostgresNotifications';
import { grantMiddleware } from '@groupflow/adapters/http/oauth/grantMiddleware';
import { DiscordOAuthProfiles, RobloxOAuthProfiles } from '@groupflow/adapters/http/oauth/OAuthProfiles';
import { devOAuthRoutes } from '@groupflow/adapters/http/devOAuth/devProviders';
import { customerAuthRoutes } from '@groupflow/adapters/http/routes/customerAuthRoutes';
import { customerRoutes } from '@groupflow/adapters/http/routes/customerRoutes';
import type { Config } from '../config.ts';
import { TOKENS } from './tokens.ts';

export const customerModule = new ContainerModule(({ bind }) => {
  bind<InvalidatedCache<Customer>>(TOKENS.CustomerCache)
    .toResolvedValue(
      (config: Config, notifications: PostgresNotifications) =>
        new InvalidatedCache<Customer>(notifications, CUSTOMER_CHANNEL, config.customerSessions.cache),
      [TOKENS.Config, TOKENS.PostgresNotifications],
    )
    .inSingletonScope();
  bind<CustomerRepository>(TOKENS.CustomerRepository)
    .toResolvedValue(
      (orm: Orm, cache: InvalidatedCache<Customer>) =>
        new CachedCustomerRepository(new MikroOrmCustomerRepository(orm), cache),
      [TOKENS.Orm, TOKENS.CustomerCache],
    )
    .inSingletonScope();

  // Bans and roles of customer accounts, by staff (issue 26 item 8).
  bind(TOKENS.Routers)
    .toResolvedValue(
      (
        config: Config,
        orm: Orm,
        cache: InvalidatedCache<Customer>,
        sessions: PostgresSessionStore,
        authenticate: AuthenticateStaff,
        activities: StaffActivityLog,
        transaction: Transaction,
        clock: Clock,
        roleSync: RoleSyncQueue,
      ) => {
        const accounts = new MikroOrmCustomerAccounts(orm, cache);
        return customerAccountRoutes({
          authenticate,
          list: new ListCustomerAccounts(accounts, config.staff.customerSearchLimit),
          ban: new BanCustomer(
            accounts,
            sessions,
            new MikroOrmBanSources(orm),
            activities,
            transaction,
            clock,
            roleSync,
          ),
          unban: new UnbanCustomer(accounts, activities, transaction, roleSync),
          changeRole: new ChangeCustomerRole(accounts, activities, transaction),
        });
      },
      [
        TOKENS.Config,
        TOKENS.Orm,
        TOKENS.CustomerCache,
        TOKENS.CustomerSessionStore,
        TOKENS.AuthenticateStaff,
        TOKENS.StaffActivityLog,
        TOKENS.Transaction,
        TOKENS.Clock,
        TOKENS.RoleSyncQueue,
      ],
    )
    .inSingletonScope();

  bind(TOKENS.Routers)
    .toResolvedValue(
      (
        config: Config,
        logger: Logger,
        customers: CustomerRepository,
        roleSync: RoleSyncQueue,
        rememberDiscordGrant: RememberDiscordGrant,
        orm: Orm,
        transaction: Transaction,
      ) => {
        const { discord, roblox, timeoutMs } = config.oauth;
        return customerAuthRoutes({
          grant: grantMiddleware({ publicUrl: config.publicUrl, discord, roblox, timeoutMs }),
          discordProfiles: new DiscordOAuthProfiles(discord.baseUrl, timeoutMs),
          robloxProfiles: new RobloxOAuthProfiles(roblox.baseUrl, timeoutMs),
          signInWithDiscord: new SignInWithDiscord(customers),
          signInWithRoblox: new SignInWithRoblox({
            customers,
            roleSync,
            claims: new MikroOrmPendingClaims(orm),
            transaction,
          }),
          rememberDiscordGrant,
          usable: { discord: discord.usable, roblox: roblox.usable },
          logger,
        });
      },
      [
        TOKENS.Config,
        TOKENS.Logger,
        TOKENS.CustomerRepository,
        TOKENS.RoleSyncQueue,
        TOKENS.RememberDiscordGrant,
        TOKENS.Orm,
        TOKENS.Transaction,
      ],
    )
    .inSingletonScope();

  bind(TOKENS.Routers)
    .toResolvedValue(
      (config: Config, customers: CustomerRepository, directory: BotInstallations) =>
        customerRoutes({
          getCurrentCustomer: new GetCurrentCustomer(customers),
          getUserProfile: new GetUserProfile(customers, directory),
          updateUserProfile: new UpdateUserProfile(customers),
          listBots: new ListBots(customers, directory),
          listServers: new ListServers(customers, directory),
          sessionLifetime: new CustomerSessionLifetime(config.customerSessions.lifetime),
          publicUrl: config.publicUrl,
          environment: config.env,
          // Real client id and secret: neither the development provider nor a production set-up without credentials.
          discordConfigured: config.oauth.discord.usable && !config.oauth.discord.dev,
        }),
      [TOKENS.Config, TOKENS.CustomerRepository, TOKENS.BotInstallations],
    )
    .inSingletonScope();

  // The development providers exist only without credentials, and never in production (config.ts).
  bind(TOKENS.Routers)
    .toResolvedValue((config: Config) => devOAuthRoutes(config.publicUrl, config.oauth), [TOKENS.Config])
    .inSingletonScope();
});
