import { GroupAccessPolicy, type CustomerRepository, type RobloxMemberships } from '@groupflow/core';
import type { Orm } from '@groupflow/adapters/persistence/database';
import { MikroOrmConnectedGroups } from '@groupflow/adapters/persistence/roblox/MikroOrmConnectedGroups';
import type { Config } from '../config.ts';

/** The connected groups and the access rule over them, alike for the Roblox area and its workspace. */
export function groupAccess(config: Config, orm: Orm, customers: CustomerRepository, memberships: RobloxMemberships) {
  const connected = new MikroOrmConnectedGroups(orm);
  const rankCheck = { maxAgeMs: config.roblox.rankCheckCacheMs };
  return { connected, rankCheck, access: new GroupAccessPolicy(customers, memberships, connected, rankCheck) };
}

export type GroupAccess = ReturnType<typeof groupAccess>;
