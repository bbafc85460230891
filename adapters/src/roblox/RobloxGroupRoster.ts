import type { GroupRoster, RosterMember } from '@groupflow/core';
import { orNull, RobloxRefused, type RobloxApi } from './RobloxApi.ts';
import type { PostgresRobloxCache } from './PostgresRobloxCache.ts';

/** The largest page each API serves: Open Cloud's maxPageSize and the groups API's `limit` both top out at 100. */
const PAGE_SIZE = 100;
/** Most ids one `POST users /v1/users` takes. */
const NAMES_PER_CALL = 200;

const lastId = (path: string) => path.slice(path.lastIndexOf('/') + 1);

interface Page {
  members: RosterMember[];
  next: string;
}

/** A role or group Roblox no longer knows (404/400) lists nobody. */
const NOBODY: Page = { members: [], next: '' };

/**
 * A role's members, paged through to the limit and kept per group and role for ROBLOX_GROUPS_CACHE_SECONDS (like
 * every membership GroupFlow reads). With the group's key: Open Cloud's `GET /cloud/v2/groups/{g}/memberships`
 * filtered `role == 'groups/{g}/roles/{r}'` (names from `POST users /v1/users`, as memberships carry only ids);
 * without one, or when Open Cloud refuses the key: the public `GET groups /v1/groups/{g}/roles/{r}/users`.
 */
export class RobloxGroupRoster implements GroupRoster {
  readonly #api: RobloxApi;
  readonly #cache: PostgresRobloxCache;

  constructor(api: RobloxApi, cache: PostgresRobloxCache) {
    this.#api = api;
    this.#cache = cache;
  }

  roleMembers(groupId: string, roleId: string, limit: number, apiKey: string | null) {
    return this.#cache.getOrLoad(`roster:${groupId}:${roleId}:${limit}`, this.#cache.settings.groupsTtlMs, async () => {
      if (apiKey) {
        try {
          return await this.#pages(limit, (token) => this.#cloudPage(groupId, roleId, apiKey, token));
        } catch (error) {
          // A revoked key is the key page's to report; the roster is public anyway.
          if (!(error instanceof RobloxRefused)) throw error;
        }
      }
      return this.#pages(limit, (cursor) => this.#publicPage(groupId, roleId, cursor));
    });
  }

  async #pages(limit: number, page: (token: string) => Promise<Page>) {
    const members: RosterMember[] = [];
    let token = '';
    do {
      const read = (await orNull(() => page(token))) ?? NOBODY;
      members.push(...read.members);
      token = read.next;
    } while (token && members.length < limit);
    return { members: members.slice(0, limit), more: members.length > limit || Boolean(token) };
  }

  async #cloudPage(groupId: string, roleId: string, apiKey: string, pageToken: string): Promise<Page> {
    const query = new URLSearchParams({
      maxPageSize: String(PAGE_SIZE),
      filter: `role == 'groups/${groupId}/roles/${roleId}'`,
      ...(pageToken ? { pageToken } : {}),
    });
    const page = await this.#api.cloudRead(
      'GET apis.roblox.com/cloud/v2/groups/{group_id}/memberships',
      `/cloud/v2/groups/${encodeURIComponent(groupId)}/memberships?${query}`,
      { apiKey },
    );
    const ids = (page.groupMemberships ?? []).map((membership) => lastId(membership.user));
    const names = await this.#names(ids);
    return {
      members: ids.map((userId) => ({ userId, username: names.get(userId) ?? null })),
      next: page.nextPageToken ?? '',
    };
  }

  async #publicPage(groupId: string, roleId: string, cursor: string): Promise<Page> {
    const query = new URLSearchParams({ limit: String(PAGE_SIZE), sortOrder: 'Asc', ...(cursor ? { cursor } : {}) });
    const page = await this.#api.web(
      'GET groups.roblox.com/v1/groups/{groupId}/roles/{roleSetId}/users',
      `/v1/groups/${encodeURIComponent(groupId)}/roles/${encodeURIComponent(roleId)}/users?${query}`,
    );
    return {
      members: page.data.map((user) => ({ userId: String(user.userId), username: user.username })),
      next: page.nextPageCursor ?? '',
    };
  }

  async #names(ids: string[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    for (let start = 0; start < ids.length; start += NAMES_PER_CALL) {
      const answer = await this.#api.web('POST users.roblox.com/v1/users', '/v1/users', {
        userIds: ids.slice(start, start + NAMES_PER_CALL).map(Number),
        excludeBannedUsers: false,
      });
      for (const user of answer.data) names.set(String(user.id), user.name);
    }
    return names;
  }
}
