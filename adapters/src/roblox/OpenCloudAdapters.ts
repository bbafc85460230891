import type {
  RobloxInventory,
  RobloxItem,
  RobloxGroupInfo,
  RobloxGroupRole,
  RobloxGroups,
  RobloxMemberships,
  RobloxProfileReader,
  RobloxRole,
  RobloxUser,
  RobloxUsers,
} from '@groupflow/core';
import { orNull, RobloxRefused, type RobloxApi } from './RobloxApi.ts';
import { membershipsKey, type PostgresRobloxCache } from './PostgresRobloxCache.ts';

/** The last segment of an Open Cloud resource path: `groups/7/roles/99` → `99`. */
const lastId = (path: string) => path.slice(path.lastIndexOf('/') + 1);

interface CloudRole {
  id: string;
  displayName: string;
  rank: number;
  memberCount?: number;
}

/**
 * Groups and roles through Open Cloud v2 (`/cloud/v2/groups/{g}`, `/roles`), used when ROBLOX_OPEN_CLOUD_KEY is
 * set. The owner's names come from the users resource.
 */
export class OpenCloudGroups implements RobloxGroups {
  readonly #api: RobloxApi;
  readonly #cache: PostgresRobloxCache;
  readonly #users: RobloxUsers;

  constructor(api: RobloxApi, cache: PostgresRobloxCache, users: RobloxUsers) {
    this.#api = api;
    this.#cache = cache;
    this.#users = users;
  }

  async byId(groupId: string): Promise<RobloxGroupInfo | null> {
    const group = await this.#cache.getOrLoad(`cloud:groups:id:${groupId}`, this.#cache.settings.groupsTtlMs, () =>
      orNull(() =>
        this.#api.cloudRead(
          'GET apis.roblox.com/cloud/v2/groups/{group_id}',
          `/cloud/v2/groups/${encodeURIComponent(groupId)}`,
        ),
      ),
    );
    if (!group) return null;
    const owner = group.owner ? await this.#users.byId(lastId(group.owner)) : null;
    return {
      id: group.id,
      name: group.displayName,
      description: group.description ?? '',
      memberCount: group.memberCount ?? 0,
      owner: owner ? { userId: owner.id, username: owner.name, displayName: owner.displayName } : null,
      publicEntryAllowed: group.publicEntryAllowed ?? true,
      buildersClubMembersOnly: false,
      hasVerifiedBadge: group.verified ?? false,
    };
  }

  async rolesOf(groupId: string): Promise<RobloxRole[]> {
    const roles = await this.#cache.getOrLoad(
      `cloud:groups:roles:${groupId}`,
      this.#cache.settings.groupsTtlMs,
      async () => {
        const all: CloudRole[] = [];
        let pageToken = '';
        do {
          const query = new URLSearchParams({ maxPageSize: '20', ...(pageToken ? { pageToken } : {}) });
          const page = await orNull(() =>
            this.#api.cloudRead(
              'GET apis.roblox.com/cloud/v2/groups/{group_id}/roles',
              `/cloud/v2/groups/${encodeURIComponent(groupId)}/roles?${query}`,
            ),
          );
          all.push(...(page?.groupRoles ?? []));
          pageToken = page?.nextPageToken ?? '';
        } while (pageToken);
        return all.map((role) => ({
          id: role.id,
          name: role.displayName,
          rank: role.rank,
          memberCount: role.memberCount ?? 0,
        }));
      },
    );
    return [...roles].sort((a, b) => a.rank - b.rank);
  }
}

/** A user's memberships through `/cloud/v2/groups/-/memberships?filter=user == 'users/{id}'`. */
export class OpenCloudMemberships implements RobloxMemberships {
  readonly #api: RobloxApi;
  readonly #cache: PostgresRobloxCache;
  readonly #groups: RobloxGroups;

  constructor(api: RobloxApi, cache: PostgresRobloxCache, groups: RobloxGroups) {
    this.#api = api;
    this.#cache = cache;
    this.#groups = groups;
  }

  async groupRolesOf(robloxUserId: string, maxAgeMs?: number): Promise<RobloxGroupRole[]> {
    const memberships = await this.#cache.getOrLoad(
      ...membershipsKey(`cloud:memberships:${robloxUserId}`, this.#cache, maxAgeMs),
      async () => {
        const found: { group: string; role: string }[] = [];
        let pageToken = '';
        do {
          const query = new URLSearchParams({
            maxPageSize: '100',
            filter: `user == 'users/${robloxUserId}'`,
            ...(pageToken ? { pageToken } : {}),
          });
          const page = await this.#api.cloudRead(
            'GET apis.roblox.com/cloud/v2/groups/{group_id}/memberships',
            `/cloud/v2/groups/-/memberships?${query}`,
          );
          // path is groups/{g}/memberships/{m}; role is groups/{g}/roles/{r}.
          for (const membership of page.groupMemberships)
            found.push({ group: membership.path.split('/')[1]!, role: lastId(membership.role) });
          pageToken = page.nextPageToken ?? '';
        } while (pageToken);
        return found;
      },
    );
    const roles: RobloxGroupRole[] = [];
    for (const { group, role } of memberships) {
      const [info, groupRoles] = await Promise.all([this.#groups.byId(group), this.#groups.rolesOf(group)]);
      const held = groupRoles.find((candidate) => candidate.id === role);
      if (!info || !held) continue;
      roles.push({ groupId: group, groupName: info.name, roleId: held.id, roleName: held.name, rank: held.rank });
    }
    return roles;
  }
}

/** Profiles through `/cloud/v2/users/{id}` (its `about` is the description); names still resolve through the legacy API. */
export class OpenCloudUsers implements RobloxUsers, RobloxProfileReader {
  readonly #api: RobloxApi;
  readonly #cache: PostgresRobloxCache;
  readonly #names: RobloxUsers;

  constructor(api: RobloxApi, cache: PostgresRobloxCache, names: RobloxUsers) {
    this.#api = api;
    this.#cache = cache;
    this.#names = names;
  }

  byId(id: string): Promise<RobloxUser | null> {
    return this.#cache.getOrLoad(`cloud:users:id:${id}`, this.#cache.settings.usersTtlMs, () => this.freshProfile(id));
  }

  freshProfile(id: string): Promise<RobloxUser | null> {
    return orNull(async () => {
      const user = await this.#api.cloudRead(
        'GET apis.roblox.com/cloud/v2/users/{user_id}',
        `/cloud/v2/users/${encodeURIComponent(id)}`,
      );
      return {
        id: user.id,
        name: user.name,
        displayName: user.displayName ?? user.name,
        description: user.about ?? '',
        created: user.createTime ?? null,
      };
    });
  }

  async byUsername(username: string): Promise<RobloxUser | null> {
    const found = await this.#names.byUsername(username);
    return found ? this.byId(found.id) : null;
  }
}

/** Open Cloud's inventory filter field for each bound item kind. */
const CLOUD_ITEM_FILTERS: Record<RobloxItem['kind'], string> = {
  gamepass: 'gamePassIds',
  badge: 'badgeIds',
  asset: 'assetIds',
};

/**
 * Ownership in one batch per user through `/cloud/v2/users/{id}/inventory-items?filter=gamePassIds=..;badgeIds=..;
 * assetIds=..`: every item the server binds in one call (a page per 100 owned). An inventory its owner hides from
 * the key is refused; those users are asked item by item through the legacy API, which answers for them.
 */
export class OpenCloudInventory implements RobloxInventory {
  readonly #api: RobloxApi;
  readonly #fallback: RobloxInventory;

  constructor(api: RobloxApi, fallback: RobloxInventory) {
    this.#api = api;
    this.#fallback = fallback;
  }

  async ownedBy(robloxUserId: string, items: readonly RobloxItem[]): Promise<Set<string>> {
    const filter = Object.entries(CLOUD_ITEM_FILTERS)
      .map(([kind, field]) => {
        const ids = items.filter((item) => item.kind === kind).map((item) => item.id);
        return ids.length ? `${field}=${ids.join(',')}` : '';
      })
      .filter(Boolean)
      .join(';');
    if (!filter) return new Set();
    const owned = new Set<string>();
    let pageToken = '';
    try {
      do {
        const query = new URLSearchParams({ maxPageSize: '100', filter, ...(pageToken ? { pageToken } : {}) });
        const page = await this.#api.cloudRead(
          'GET apis.roblox.com/cloud/v2/users/{user_id}/inventory-items',
          `/cloud/v2/users/${encodeURIComponent(robloxUserId)}/inventory-items?${query}`,
          // Named, so a refusal (a hidden inventory) is told apart from an outage.
          { apiKey: this.#api.settings.openCloudKey! },
        );
        for (const item of page.inventoryItems ?? []) {
          if (item.gamePassDetails) owned.add(`gamepass:${item.gamePassDetails.gamePassId}`);
          if (item.badgeDetails) owned.add(`badge:${item.badgeDetails.badgeId}`);
          if (item.assetDetails) owned.add(`asset:${item.assetDetails.assetId}`);
        }
        pageToken = page.nextPageToken ?? '';
      } while (pageToken);
    } catch (error) {
      if (error instanceof RobloxRefused) return this.#fallback.ownedBy(robloxUserId, items);
      throw error;
    }
    return owned;
  }
}
