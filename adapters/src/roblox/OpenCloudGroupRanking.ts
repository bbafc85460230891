import { z } from 'zod';
import {
  Forbidden,
  Invalid,
  Unavailable,
  type GroupOpenCloud,
  type OpenCloudKeyCheck,
  type RobloxRole,
} from '@groupflow/core';
import { RobloxNotFound, RobloxRefused, type RobloxApi } from './RobloxApi.ts';

export const KEY_REFUSED = 'Open Cloud refused this API key (wrong, expired or disabled)';
export const KEY_CANNOT_READ_GROUP =
  "This API key cannot read this group's roles: create it under the group, with group:read";
export const KEY_CANNOT_WRITE = 'This API key lacks group:write, which ranking members needs';
export const KEY_REFUSED_NOW = "Open Cloud refused the group's API key: save a new key in the workspace settings";

export const INTROSPECTION_UNREADABLE =
  'Roblox answered POST apis.roblox.com/api-keys/v1/introspect in a shape its documentation does not describe';

const lastId = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const group = (groupId: string) => `/cloud/v2/groups/${encodeURIComponent(groupId)}`;

/**
 * `POST /api-keys/v1/introspect` as Roblox's "Manage API keys" page documents it: each scope names its resource
 * (`group`) and lists bare verbs (`read`, `write`) with the ids it reaches (`*` for all). What Roblox calls the
 * `group:write` scope is therefore `{ name: 'group', operations: ['write'] }`; extra fields are ignored.
 */
const introspectionSchema = z.object({
  enabled: z.boolean(),
  expired: z.boolean(),
  expirationTimeUtc: z.iso.datetime({ offset: true }).nullable().optional(),
  scopes: z.array(
    z.object({
      name: z.string(),
      operations: z.array(z.string()),
      groupIds: z.array(z.string()).optional(),
    }),
  ),
});
type Introspection = z.infer<typeof introspectionSchema>;

const cannotReadGroup = () =>
  new Invalid('ROBLOX.OPEN_CLOUD_KEY_CANNOT_READ', KEY_CANNOT_READ_GROUP, [
    { path: ['apiKey'], message: KEY_CANNOT_READ_GROUP },
  ]);

/** The key's operations on this group, named as Roblox lists its scopes (`group:read`, `group:write`). */
function groupPermissions(introspection: Introspection, groupId: string): string[] {
  const reaching = introspection.scopes.filter(
    (scope) =>
      scope.name === 'group' && (!scope.groupIds || scope.groupIds.includes('*') || scope.groupIds.includes(groupId)),
  );
  return [...new Set(reaching.flatMap((scope) => scope.operations.map((operation) => `group:${operation}`)))].sort();
}

interface CloudRole {
  id: string;
  displayName: string;
  rank: number;
  memberCount?: number;
}

/**
 * Ranking through Open Cloud v2 with the group's own key (never cached: a rank is read as it is now).
 * `POST /api-keys/v1/introspect` names the key's permissions; `GET /cloud/v2/groups/{g}/roles`,
 * `/memberships?filter=user == 'users/{id}'` and `POST .../memberships/{m}:assignRole`. 429s wait for the retry
 * headers and Roblox's 5xx are retried by RobloxApi; a 401/403 on a saved key means it was revoked.
 */
export class OpenCloudGroupRanking implements GroupOpenCloud {
  readonly #api: RobloxApi;

  constructor(api: RobloxApi) {
    this.#api = api;
  }

  async checkKey(apiKey: string, groupId: string): Promise<OpenCloudKeyCheck> {
    let answer: unknown;
    try {
      answer = await this.#api.cloud<unknown>('/api-keys/v1/introspect', { apiKey, method: 'POST', body: { apiKey } });
    } catch (error) {
      if (error instanceof RobloxRefused || error instanceof RobloxNotFound)
        throw new Invalid('ROBLOX.OPEN_CLOUD_KEY_REFUSED', KEY_REFUSED, [{ path: ['apiKey'], message: KEY_REFUSED }]);
      throw error;
    }
    const parsed = introspectionSchema.safeParse(answer);
    // Parsed at the edge: an answer Roblox's page does not describe is an outage of ours to report, not a crash.
    if (!parsed.success) throw new Unavailable('ROBLOX.UNAVAILABLE', INTROSPECTION_UNREADABLE);
    const introspection = parsed.data;
    if (!introspection.enabled || introspection.expired)
      throw new Invalid('ROBLOX.OPEN_CLOUD_KEY_REFUSED', KEY_REFUSED, [{ path: ['apiKey'], message: KEY_REFUSED }]);
    const permissions = groupPermissions(introspection, groupId);
    if (permissions.length === 0) throw cannotReadGroup();
    if (!permissions.includes('group:write'))
      throw new Invalid('ROBLOX.OPEN_CLOUD_KEY_CANNOT_WRITE', KEY_CANNOT_WRITE, [
        { path: ['apiKey'], message: KEY_CANNOT_WRITE },
      ]);
    try {
      await this.#rolesPage(apiKey, groupId, '');
    } catch (error) {
      if (error instanceof RobloxRefused || error instanceof RobloxNotFound) throw cannotReadGroup();
      throw error;
    }
    const { expirationTimeUtc } = introspection;
    return { permissions, expiresAt: expirationTimeUtc ? new Date(expirationTimeUtc) : null };
  }

  async roles(apiKey: string, groupId: string): Promise<RobloxRole[]> {
    const all: CloudRole[] = [];
    let pageToken = '';
    do {
      const page = await this.#saved(() => this.#rolesPage(apiKey, groupId, pageToken));
      all.push(...page.groupRoles);
      pageToken = page.nextPageToken ?? '';
    } while (pageToken);
    return all
      .map((role) => ({ id: role.id, name: role.displayName, rank: role.rank, memberCount: role.memberCount ?? 0 }))
      .sort((a, b) => a.rank - b.rank);
  }

  async roleOf(apiKey: string, groupId: string, userId: string): Promise<string | null> {
    const query = new URLSearchParams({ maxPageSize: '1', filter: `user == 'users/${userId}'` });
    const page = await this.#saved(() =>
      this.#api.cloudRead(
        'GET apis.roblox.com/cloud/v2/groups/{group_id}/memberships',
        `${group(groupId)}/memberships?${query}`,
        { apiKey },
      ),
    );
    const membership = page.groupMemberships[0];
    return membership ? lastId(membership.role) : null;
  }

  async assignRole(apiKey: string, groupId: string, userId: string, roleId: string): Promise<void> {
    // A membership's id is the user's id (groups/{g}/memberships/{userId}), as Open Cloud names it.
    await this.#saved(() =>
      this.#api.cloudRead(
        'POST apis.roblox.com/cloud/v2/groups/{group_id}/memberships/{membership_id}:assignRole',
        `${group(groupId)}/memberships/${encodeURIComponent(userId)}:assignRole`,
        {
          apiKey,
          method: 'POST',
          body: { role: `groups/${groupId}/roles/${roleId}` },
          retryServerErrors: true,
        },
      ),
    );
  }

  #rolesPage(apiKey: string, groupId: string, pageToken: string) {
    const query = new URLSearchParams({ maxPageSize: '20', ...(pageToken ? { pageToken } : {}) });
    return this.#api.cloudRead(
      'GET apis.roblox.com/cloud/v2/groups/{group_id}/roles',
      `${group(groupId)}/roles?${query}`,
      {
        apiKey,
      },
    );
  }

  /** With a saved key, a refusal means the key was revoked or narrowed since: the manager must save a new one. */
  async #saved<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof RobloxRefused)
        throw new Forbidden('ROBLOX.OPEN_CLOUD_KEY_REFUSED', `${KEY_REFUSED_NOW} (${error.code}: ${error.message})`);
      throw error;
    }
  }
}
