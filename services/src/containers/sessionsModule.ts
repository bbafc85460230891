import { ContainerModule } from 'inversify';
import { CustomerSessionLifetime } from '@groupflow/core';
import { PostgresNotifications } from '@groupflow/adapters/persistence/notifications/PostgresNotifications';
import { InvalidatedCache } from '@groupflow/adapters/persistence/notifications/InvalidatedCache';
import {
  PostgresSessionStore,
  SESSION_CHANNEL,
  type KeptSession,
} from '@groupflow/adapters/persistence/customer/PostgresSessionStore';
import { MemoizedCookieSigner } from '@groupflow/adapters/http/auth/MemoizedCookieSigner';
import { loadSessionSecret } from '../sessionSecret.ts';
import { bindFrom, TOKENS } from './tokens.ts';

export const sessionsModule = new ContainerModule(({ bind }) => {
  bindFrom(
    bind,
    TOKENS.PostgresNotifications,
    [TOKENS.Config, TOKENS.Orm, TOKENS.Logger],
    (config, orm, logger) => new PostgresNotifications(orm, logger, { retryMs: config.customerSessions.listenRetryMs }),
  ).inSingletonScope();
  bindFrom(
    bind,
    TOKENS.CustomerSessionStore,
    [TOKENS.Config, TOKENS.Orm, TOKENS.PostgresNotifications, TOKENS.Clock],
    (config, orm, notifications, clock) => {
      const { lifetime, cache, sweepEveryMs } = config.customerSessions;
      return new PostgresSessionStore(orm, {
        lifetime: new CustomerSessionLifetime(lifetime),
        cache: new InvalidatedCache<KeptSession>(notifications, SESSION_CHANNEL, cache),
        clock,
        sweepEveryMs,
      });
    },
  ).inSingletonScope();
  bindFrom(
    bind,
    TOKENS.CookieSigner,
    [TOKENS.Config],
    (config) => new MemoizedCookieSigner([loadSessionSecret(config)], config.customerSessions.cache.maxEntries),
  ).inSingletonScope();
});
