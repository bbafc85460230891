import { ContainerModule } from 'inversify';
import type { Logger } from 'pino';
import { CustomerSessionLifetime, type Clock } from '@groupflow/core';
import type { Orm } from '@groupflow/adapters/persistence/database';
import { PostgresNotifications } from '@groupflow/adapters/persistence/notifications/PostgresNotifications';
import { InvalidatedCache } from '@groupflow/adapters/persistence/notifications/InvalidatedCache';
import {
  PostgresSessionStore,
  SESSION_CHANNEL,
  type SessionData,
} from '@groupflow/adapters/persistence/customer/PostgresSessionStore';
import { MemoizedCookieSigner } from '@groupflow/adapters/http/auth/MemoizedCookieSigner';
import type { Config } from '../config.ts';
import { loadSessionSecret } from '../sessionSecret.ts';
import { TOKENS } from './tokens.ts';

export const sessionsModule = new ContainerModule(({ bind }) => {
  bind<PostgresNotifications>(TOKENS.PostgresNotifications)
    .toResolvedValue(
      (config: Config, orm: Orm, logger: Logger) =>
        new PostgresNotifications(orm, logger, { retryMs: config.customerSessions.listenRetryMs }),
      [TOKENS.Config, TOKENS.Orm, TOKENS.Logger],
    )
    .inSingletonScope();
  bind<PostgresSessionStore>(TOKENS.CustomerSessionStore)
    .toResolvedValue(
      (config: Config, orm: Orm, notifications: PostgresNotifications, clock: Clock) => {
        const { lifetime, cache, sweepEveryMs } = config.customerSessions;
        return new PostgresSessionStore(orm, {
          lifetime: new CustomerSessionLifetime(lifetime),
          cache: new InvalidatedCache<SessionData>(notifications, SESSION_CHANNEL, cache),
          clock,
          sweepEveryMs,
        });
      },
      [TOKENS.Config, TOKENS.Orm, TOKENS.PostgresNotifications, TOKENS.Clock],
    )
    .inSingletonScope();
  bind<MemoizedCookieSigner>(TOKENS.CookieSigner)
    .toResolvedValue(
      (config: Config) =>
        new MemoizedCookieSigner([loadSessionSecret(config)], config.customerSessions.cache.maxEntries),
      [TOKENS.Config],
    )
    .inSingletonScope();
});
