import type {
  RobloxInventory,
  RobloxItem,
  RobloxGroupInfo,
  RobloxGroupRole,
  RobloxGroups,
  RobloxMemberships,
  RobloxRole,
  RobloxImage,
  RobloxThumbnails,
  RobloxProfileReader,
  RobloxUser,
  RobloxUserSearch,
  RobloxUsers,
} from '@groupflow/core';
import { orNull, RobloxImageRefused, type RobloxApi } from './RobloxApi.ts';
import { membershipsKey, type PostgresRobloxCache } from './PostgresRobloxCache.ts';

/** Users through the legacy users API: POST /v1/usernames/users for names, GET /v1/users/{id} for the profile. */
export class RobloxWebUsers implements RobloxUsers, RobloxUserSearch, RobloxProfileReader {
  readonly #api: RobloxApi;
  readonly #cache: PostgresRobloxCache;

  constructor(api: RobloxApi, cache: PostgresRobloxCache) {
    this.#api = api;
    this.#cache = cache;
  }

  byId(id: string): Promise<RobloxUser | null> {
    return this.#cache.getOrLoad(`users:id:${id}`, this.#cache.settings.usersTtlMs, () => this.freshProfile(id));
  }

  freshProfile(id: string): Promise<RobloxUser | null> {
    return orNull(async () => {
      const user = await this.#api.web('GET users.roblox.com/v1/users/{userId}', `/v1/users/${encodeURIComponent(id)}`);
      return {
        id: String(user.id),
        name: user.name,
        displayName: user.displayName,
        description: user.description ?? '',
        created: user.created ?? null,
      };
    });
  }

  async byUsername(username: string): Promise<RobloxUser | null> {
    const wanted = username.trim().toLowerCase();
    const id = await this.#cache.getOrLoad(`users:name:${wanted}`, this.#cache.settings.usersTtlMs, async () => {
      const answer = await this.#api.web('POST users.roblox.com/v1/usernames/users', '/v1/usernames/users', {
        usernames: [wanted],
        excludeBannedUsers: true,
      });
      return answer.data.find((user) => user.name.toLowerCase() === wanted)?.id ?? null;
    });
    return id === null ? null : this.byId(String(id));
  }

  async search(keyword: string, limit: number) {
    const query = new URLSearchParams({ keyword, limit: String(limit) });
    const found = await this.#cache.getOrLoad(
      `users:search:${limit}:${keyword.toLowerCase()}`,
      this.#cache.settings.usersTtlMs,
      async () => {
        const answer = await orNull(() =>
          this.#api.web('GET users.roblox.com/v1/users/search', `/v1/users/search?${query}`),
        );
        return (answer?.data ?? []).map((user) => ({
          id: String(user.id),
          name: user.name,
          displayName: user.displayName,
        }));
      },
    );
    return found;
  }
}

/** Groups through the legacy groups API: GET /v1/groups/{id} and /v1/groups/{id}/roles. */
export class RobloxWebGroups implements RobloxGroups {
  readonly #api: RobloxApi;
  readonly #cache: PostgresRobloxCache;

  constructor(api: RobloxApi, cache: PostgresRobloxCache) {
    this.#api = api;
    this.#cache = cache;
  }

  byId(groupId: string): Promise<RobloxGroupInfo | null> {
    return this.#cache.getOrLoad(`groups:id:${groupId}`, this.#cache.settings.groupsTtlMs, () =>
      orNull(async () => {
        const group = await this.#api.web(
          'GET groups.roblox.com/v1/groups/{groupId}',
          `/v1/groups/${encodeURIComponent(groupId)}`,
        );
        return {
          id: String(group.id),
          name: group.name,
          description: group.description ?? '',
          memberCount: group.memberCount,
          owner: group.owner
            ? {
                userId: String(group.owner.userId),
                username: group.owner.username,
                displayName: group.owner.displayName,
              }
            : null,
          publicEntryAllowed: group.publicEntryAllowed,
          buildersClubMembersOnly: group.isBuildersClubOnly ?? false,
          hasVerifiedBadge: group.hasVerifiedBadge ?? false,
        };
      }),
    );
  }

  async rolesOf(groupId: string): Promise<RobloxRole[]> {
    const roles = await this.#cache.getOrLoad(`groups:roles:${groupId}`, this.#cache.settings.groupsTtlMs, async () => {
      const answer = await orNull(() =>
        this.#api.web(
          'GET groups.roblox.com/v1/groups/{groupId}/roles',
          `/v1/groups/${encodeURIComponent(groupId)}/roles`,
        ),
      );
      return (answer?.roles ?? []).map((role) => ({
        id: String(role.id),
        name: role.name,
        rank: role.rank,
        memberCount: role.memberCount ?? 0,
      }));
    });
    return [...roles].sort((a, b) => a.rank - b.rank);
  }
}

/** A user's groups and roles through GET groups /v2/users/{id}/groups/roles. */
export class RobloxWebMemberships implements RobloxMemberships {
  readonly #api: RobloxApi;
  readonly #cache: PostgresRobloxCache;

  constructor(api: RobloxApi, cache: PostgresRobloxCache) {
    this.#api = api;
    this.#cache = cache;
  }

  groupRolesOf(robloxUserId: string, maxAgeMs?: number): Promise<RobloxGroupRole[]> {
    return this.#cache.getOrLoad(...membershipsKey(`memberships:${robloxUserId}`, this.#cache, maxAgeMs), async () => {
      const answer = await orNull(() =>
        this.#api.web(
          'GET groups.roblox.com/v2/users/{userId}/groups/roles',
          `/v2/users/${encodeURIComponent(robloxUserId)}/groups/roles`,
        ),
      );
      return (answer?.data ?? []).map(({ group, role }) => ({
        groupId: String(group.id),
        groupName: group.name,
        roleId: String(role.id),
        roleName: role.name,
        rank: role.rank,
      }));
    });
  }
}

/** 48x48 png headshots through GET thumbnails /v1/users/avatar-headshot. */
export class RobloxWebThumbnails implements RobloxThumbnails {
  readonly #api: RobloxApi;
  readonly #cache: PostgresRobloxCache;

  constructor(api: RobloxApi, cache: PostgresRobloxCache) {
    this.#api = api;
    this.#cache = cache;
  }

  headshotUrl(userId: string): Promise<string | null> {
    return this.#cache.getOrLoad(`thumbnails:headshot:${userId}`, this.#cache.settings.usersTtlMs, async () => {
      const query = new URLSearchParams({ userIds: userId, size: '48x48', format: 'Png', isCircular: 'false' });
      const answer = await orNull(() =>
        this.#api.web('GET thumbnails.roblox.com/v1/users/avatar-headshot', `/v1/users/avatar-headshot?${query}`),
      );
      const entry = answer?.data.find((item) => String(item.targetId) === userId);
      return entry?.state === 'Completed' ? (entry.imageUrl ?? null) : null;
    });
  }

  async headshot(userId: string): Promise<RobloxImage | null> {
    const url = await this.headshotUrl(userId);
    if (!url) return null;
    try {
      return await orNull(() => this.#api.image(url));
    } catch (error) {
      // An address off the image hosts, or an answer too big or not an image: as if Roblox had no headshot.
      if (error instanceof RobloxImageRefused) return null;
      throw error;
    }
  }
}

/** The inventory API's item types (GET inventory /v1/users/{userId}/items/{itemType}/{itemTargetId}/is-owned). */
const WEB_ITEM_TYPES: Record<RobloxItem['kind'], number> = { asset: 0, gamepass: 1, badge: 2 };

/**
 * Ownership through the legacy inventory API, one `is-owned` call per item: it answers for private inventories too,
 * so it is also what Open Cloud falls back on. Never cached: a purchase should count at the next sync.
 */
export class RobloxWebInventory implements RobloxInventory {
  readonly #api: RobloxApi;

  constructor(api: RobloxApi) {
    this.#api = api;
  }

  async ownedBy(robloxUserId: string, items: readonly RobloxItem[]): Promise<Set<string>> {
    const answers = await Promise.all(
      items.map(async (item) => {
        const path = `/v1/users/${encodeURIComponent(robloxUserId)}/items/${WEB_ITEM_TYPES[item.kind]}/${encodeURIComponent(item.id)}/is-owned`;
        // An item Roblox does not know (400) is one nobody owns.
        const owned = await orNull(() =>
          this.#api.web('GET inventory.roblox.com/v1/users/{userId}/items/{itemType}/{itemTargetId}/is-owned', path),
        );
        return owned === true ? [`${item.kind}:${item.id}`] : [];
      }),
    );
    return new Set(answers.flat());
  }
}
