import { ContainerModule } from 'inversify';
import { type RobloxProfileReader, type RobloxUserSearch } from '@groupflow/core';
import { RobloxApi } from '@groupflow/adapters/roblox/RobloxApi';
import { PostgresRobloxCache } from '@groupflow/adapters/roblox/PostgresRobloxCache';
import {
  RobloxWebGroups,
  RobloxWebInventory,
  RobloxWebMemberships,
  RobloxWebThumbnails,
  RobloxWebUsers,
} from '@groupflow/adapters/roblox/RobloxWebAdapters';
import {
  OpenCloudGroups,
  OpenCloudInventory,
  OpenCloudMemberships,
  OpenCloudUsers,
} from '@groupflow/adapters/roblox/OpenCloudAdapters';
import { bindFrom, TOKENS } from './tokens.ts';

/**
 * The Roblox ports over the public web APIs, or over Open Cloud v2 for profiles, groups, roles and memberships
 * when ROBLOX_OPEN_CLOUD_KEY is set; every answer goes through the cache shared in PostgreSQL. Needs TOKENS.Config
 * and TOKENS.Orm, so any composition root (API, bot) can load it.
 */
export const robloxPortsModule = new ContainerModule(({ bind }) => {
  bindFrom(bind, TOKENS.RobloxApi, [TOKENS.Config], (config) => new RobloxApi(config.roblox.api)).inSingletonScope();
  bindFrom(
    bind,
    TOKENS.RobloxCache,
    [TOKENS.Config, TOKENS.Orm],
    (config, orm) => new PostgresRobloxCache(orm, config.roblox.cache),
  ).inSingletonScope();
  bindFrom(
    bind,
    TOKENS.RobloxWebUsers,
    [TOKENS.RobloxApi, TOKENS.RobloxCache],
    (api, cache) => new RobloxWebUsers(api, cache),
  ).inSingletonScope();
  bind<RobloxUserSearch>(TOKENS.RobloxUserSearch).toService(TOKENS.RobloxWebUsers);
  bindFrom(
    bind,
    TOKENS.RobloxUsers,
    [TOKENS.RobloxApi, TOKENS.RobloxCache, TOKENS.RobloxWebUsers],
    (api, cache, web) => (api.usesOpenCloud ? new OpenCloudUsers(api, cache, web) : web),
  ).inSingletonScope();
  bind<RobloxProfileReader>(TOKENS.RobloxProfileReader).toService(TOKENS.RobloxUsers);
  bindFrom(
    bind,
    TOKENS.RobloxGroups,
    [TOKENS.RobloxApi, TOKENS.RobloxCache, TOKENS.RobloxUsers],
    (api, cache, users) =>
      api.usesOpenCloud ? new OpenCloudGroups(api, cache, users) : new RobloxWebGroups(api, cache),
  ).inSingletonScope();
  bindFrom(
    bind,
    TOKENS.RobloxMemberships,
    [TOKENS.RobloxApi, TOKENS.RobloxCache, TOKENS.RobloxGroups],
    (api, cache, groups) =>
      api.usesOpenCloud ? new OpenCloudMemberships(api, cache, groups) : new RobloxWebMemberships(api, cache),
  ).inSingletonScope();
  bindFrom(bind, TOKENS.RobloxInventory, [TOKENS.RobloxApi], (api) => {
    const web = new RobloxWebInventory(api);
    // Open Cloud asks for every bound item of a user in one call; the legacy API one call per item.
    return api.usesOpenCloud ? new OpenCloudInventory(api, web) : web;
  }).inSingletonScope();
  bindFrom(
    bind,
    TOKENS.RobloxThumbnails,
    [TOKENS.RobloxApi, TOKENS.RobloxCache],
    (api, cache) => new RobloxWebThumbnails(api, cache),
  ).inSingletonScope();
});
