import { ContainerModule } from 'inversify';
import {
  BanCustomer,
  ChangeCustomerRole,
  CustomerSessionLifetime,
  ListCustomerAccounts,
  SearchCustomers,
  UnbanCustomer,
  GetCurrentCustomer,
  GetUserProfile,
  ListBots,
  ListServers,
  SignInWithDiscord,
  SignInWithRoblox,
  UpdateUserProfile,
  type Customer,
} from '@groupflow/core';
import { MikroOrmCustomerRepository } from '@groupflow/adapters/persistence/customer/MikroOrmCustomerRepository';
import { MikroOrmCustomerAccounts } from '@groupflow/adapters/persistence/customer/MikroOrmCustomerAccounts';
import { MikroOrmBanSources } from '@groupflow/adapters/persistence/customer/MikroOrmBanSources';
import { MikroOrmCustomerDirectory } from '@groupflow/adapters/persistence/customer/MikroOrmCustomerDirectory';
import { customerAccountRoutes } from '@groupflow/adapters/http/routes/customerAccountRoutes';
import { MikroOrmPendingClaims } from '@groupflow/adapters/persistence/roblox/MikroOrmPendingClaims';
import {
  CachedCustomerRepository,
  CUSTOMER_CHANNEL,
} from '@groupflow/adapters/persistence/customer/CachedCustomerRepository';
import { InvalidatedCache } from '@groupflow/adapters/persistence/notifications/InvalidatedCache';
import { grantMiddleware } from '@groupflow/adapters/http/oauth/grantMiddleware';
import { DiscordOAuthProfiles, RobloxOAuthProfiles } from '@groupflow/adapters/http/oauth/OAuthProfiles';
import { devOAuthRoutes } from '@groupflow/adapters/http/devOAuth/devProviders';
import { customerAuthRoutes } from '@groupflow/adapters/http/routes/customerAuthRoutes';
import { customerRoutes } from '@groupflow/adapters/http/routes/customerRoutes';
import { PostgresCustomerTabs } from '@groupflow/adapters/events/PostgresCustomerTabs';
import { bindFrom, TOKENS } from './tokens.ts';

export const customerModule = new ContainerModule(({ bind }) => {
  bindFrom(
    bind,
    TOKENS.CustomerCache,
    [TOKENS.Config, TOKENS.PostgresNotifications],
    (config, notifications) =>
      new InvalidatedCache<Customer>(notifications, CUSTOMER_CHANNEL, config.customerSessions.cache),
  ).inSingletonScope();
  bindFrom(
    bind,
    TOKENS.CustomerRepository,
    [TOKENS.Orm, TOKENS.CustomerCache],
    (orm, cache) => new CachedCustomerRepository(new MikroOrmCustomerRepository(orm), cache),
  ).inSingletonScope();

  bindFrom(
    bind,
    TOKENS.CustomerTabs,
    [TOKENS.PostgresNotifications],
    (notifications) => new PostgresCustomerTabs(notifications),
  ).inSingletonScope();

  // Bans and roles of customer accounts, by staff (issue 26 item 8).
  bindFrom(
    bind,
    TOKENS.Routers,
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
      TOKENS.CustomerTabs,
    ],
    (config, orm, cache, sessions, authenticate, activities, transaction, clock, roleSync, tabs) => {
      const accounts = new MikroOrmCustomerAccounts(orm, cache);
      return customerAccountRoutes({
        authenticate,
        listCustomerAccounts: new ListCustomerAccounts(accounts, config.staff.customerSearchLimit),
        searchCustomers: new SearchCustomers(new MikroOrmCustomerDirectory(orm), config.staff.customerPickerLimit),
        banCustomer: new BanCustomer(
          accounts,
          sessions,
          new MikroOrmBanSources(orm),
          activities,
          transaction,
          clock,
          roleSync,
          tabs,
        ),
        unbanCustomer: new UnbanCustomer(accounts, activities, transaction, roleSync),
        changeCustomerRole: new ChangeCustomerRole(accounts, activities, transaction),
      });
    },
  ).inSingletonScope();

  bindFrom(
    bind,
    TOKENS.Routers,
    [
      TOKENS.Config,
      TOKENS.Logger,
      TOKENS.CustomerRepository,
      TOKENS.RoleSyncQueue,
      TOKENS.RememberDiscordGrant,
      TOKENS.Orm,
      TOKENS.Transaction,
      TOKENS.CustomerSessionStore,
    ],
    (config, logger, customers, roleSync, rememberDiscordGrant, orm, transaction, sessions) => {
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
          sessions,
        }),
        rememberDiscordGrant,
        usable: { discord: discord.usable, roblox: roblox.usable },
        logger,
      });
    },
  ).inSingletonScope();

  bindFrom(
    bind,
    TOKENS.GetCurrentCustomer,
    [TOKENS.CustomerRepository],
    (customers) => new GetCurrentCustomer(customers),
  ).inSingletonScope();

  bindFrom(
    bind,
    TOKENS.Routers,
    [TOKENS.Config, TOKENS.CustomerRepository, TOKENS.BotInstallations, TOKENS.GetCurrentCustomer, TOKENS.CustomerTabs],
    (config, customers, directory, getCurrentCustomer, tabs) =>
      customerRoutes({
        getCurrentCustomer,
        getUserProfile: new GetUserProfile(customers, directory),
        updateUserProfile: new UpdateUserProfile(customers),
        listBots: new ListBots(customers, directory),
        listServers: new ListServers(customers, directory),
        sessionLifetime: new CustomerSessionLifetime(config.customerSessions.lifetime),
        publicUrl: config.publicUrl,
        environment: config.env,
        // Real client id and secret: neither the development provider nor a production set-up without credentials.
        discordConfigured: config.oauth.discord.usable && !config.oauth.discord.dev,
        tabs,
        // The same heartbeat and reconnect delay as the support streams: one proxy set-up serves them all.
        stream: config.support.stream,
      }),
  ).inSingletonScope();

  // The development providers exist only without credentials, and never in production (config.ts).
  bindFrom(bind, TOKENS.Routers, [TOKENS.Config], (config) =>
    devOAuthRoutes(config.publicUrl, config.oauth),
  ).inSingletonScope();
});
