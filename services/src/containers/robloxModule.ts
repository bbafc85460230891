import { ContainerModule } from 'inversify';
import type { RobloxGroups, RobloxMemberships, RobloxThumbnails, RobloxUsers, RobloxUserSearch } from '@groupflow/core';
import type { Orm } from '@groupflow/adapters/persistence/database';
import { RobloxApi } from '@groupflow/adapters/roblox/RobloxApi';
import { PostgresRobloxCache } from '@groupflow/adapters/roblox/PostgresRobloxCache';
import {
  RobloxWebGroups,
  RobloxWebMemberships,
  RobloxWebThumbnails,
  RobloxWebUsers,
} from '@groupflow/adapters/roblox/RobloxWebAdapters';
import { OpenCloudGroups, OpenCloudMemberships, OpenCloudUsers } from '@groupflow/adapters/roblox/OpenCloudAdapters';
import type { Config } from '../config.ts';
import { TOKENS } from './tokens.ts';

/** Service identifiers of the Roblox ports; the bot process binds the same module and resolves these. */
export const ROBLOX_TOKENS = {
  RobloxApi: Symbol.for('RobloxApi'),
  RobloxCache: Symbol.for('RobloxCache'),
  RobloxWebUsers: Symbol.for('RobloxWebUsers'),
  RobloxUsers: Symbol.for('RobloxUsers'),
  RobloxUserSearch: Symbol.for('RobloxUserSearch'),
  RobloxGroups: Symbol.for('RobloxGroups'),
  RobloxMemberships: Symbol.for('RobloxMemberships'),
  RobloxThumbnails: Symbol.for('RobloxThumbnails'),
} as const;

/**
 * The Roblox ports over the public web APIs, or over Open Cloud v2 for profiles, groups, roles and memberships
 * when ROBLOX_OPEN_CLOUD_KEY is set; every answer goes through the cache shared in PostgreSQL. Needs TOKENS.Config
 * and TOKENS.Orm, so any composition root (API, bot) can load it.
 */
export const robloxPortsModule = new ContainerModule(({ bind }) => {
  bind(ROBLOX_TOKENS.RobloxApi)
    .toResolvedValue((config: Config) => new RobloxApi(config.roblox.api), [TOKENS.Config])
    .inSingletonScope();
  bind(ROBLOX_TOKENS.RobloxCache)
    .toResolvedValue((config: Config, orm: Orm) => new PostgresRobloxCache(orm, config.roblox.cache), [TOKENS.Config, TOKENS.Orm])
    .inSingletonScope();
  bind(ROBLOX_TOKENS.RobloxWebUsers)
    .toResolvedValue((api: RobloxApi, cache: PostgresRobloxCache) => new RobloxWebUsers(api, cache), [
      ROBLOX_TOKENS.RobloxApi,
      ROBLOX_TOKENS.RobloxCache,
    ])
    .inSingletonScope();
  bind<RobloxUserSearch>(ROBLOX_TOKENS.RobloxUserSearch).toService(ROBLOX_TOKENS.RobloxWebUsers);
  bind<RobloxUsers>(ROBLOX_TOKENS.RobloxUsers)
    .toResolvedValue(
      (api: RobloxApi, cache: PostgresRobloxCache, web: RobloxWebUsers) => (api.usesOpenCloud ? new OpenCloudUsers(api, cache, web) : web),
      [ROBLOX_TOKENS.RobloxApi, ROBLOX_TOKENS.RobloxCache, ROBLOX_TOKENS.RobloxWebUsers],
    )
    .inSingletonScope();
  bind<RobloxGroups>(ROBLOX_TOKENS.RobloxGroups)
    .toResolvedValue(
      (api: RobloxApi, cache: PostgresRobloxCache, users: RobloxUsers) =>
        api.usesOpenCloud ? new OpenCloudGroups(api, cache, users) : new RobloxWebGroups(api, cache),
      [ROBLOX_TOKENS.RobloxApi, ROBLOX_TOKENS.RobloxCache, ROBLOX_TOKENS.RobloxUsers],
    )
    .inSingletonScope();
  bind<RobloxMemberships>(ROBLOX_TOKENS.RobloxMemberships)
    .toResolvedValue(
      (api: RobloxApi, cache: PostgresRobloxCache, groups: RobloxGroups) =>
        api.usesOpenCloud ? new OpenCloudMemberships(api, cache, groups) : new RobloxWebMemberships(api, cache),
      [ROBLOX_TOKENS.RobloxApi, ROBLOX_TOKENS.RobloxCache, ROBLOX_TOKENS.RobloxGroups],
    )
    .inSingletonScope();
  bind<RobloxThumbnails>(ROBLOX_TOKENS.RobloxThumbnails)
    .toResolvedValue((api: RobloxApi, cache: PostgresRobloxCache) => new RobloxWebThumbnails(api, cache), [
      ROBLOX_TOKENS.RobloxApi,
      ROBLOX_TOKENS.RobloxCache,
    ])
    .inSingletonScope();
});
