import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { bodyOf, ContractRecorder, type ContractMode } from './contractRecorder.ts';
import type { PlatformRequest } from './platformContract.ts';

/** A 1x1 transparent png, what the fake CDN serves for every headshot. */
export const FAKE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/**
 * A stand-in for Roblox on loopback, speaking the same protocol as the real services for the calls GroupFlow
 * makes: the legacy users, groups, inventory and thumbnails APIs under `/{service}/...` (so ROBLOX_API_BASE is
 * `{url}/{service}`), Open Cloud v2 under `/cloud/v2/...` (x-api-key checked), and OAuth 2.0 under `/oauth/v1/...`
 * (ROBLOX_OAUTH_BASE_URL is `{url}/oauth`). Tests, the end-to-end journey and the benchmark arrange its data and
 * its faults: 429 with retry-after, 503, slow answers. Every request and answer is held to Roblox's documents
 * (`contractViolations`; `stop()` throws on any, see ContractMode).
 */

export interface FakeUser {
  id: string;
  name: string;
  displayName: string;
  description: string;
  /** When the account was made (ISO 8601); the users API answers it as `created`, Open Cloud as `createTime`. */
  created?: string;
}

/** The inventory API's item types as its path takes them (Asset, GamePass, Badge, Bundle). */
export type FakeItemKind = 'asset' | 'gamepass' | 'badge';
const INVENTORY_ITEM_TYPES: Record<string, FakeItemKind> = { '0': 'asset', '1': 'gamepass', '2': 'badge' };
/** Open Cloud's inventory filter fields (`gamePassIds=1,2;badgeIds=3`). */
const CLOUD_INVENTORY_FILTERS: Record<string, FakeItemKind> = {
  assetIds: 'asset',
  gamePassIds: 'gamepass',
  badgeIds: 'badge',
};
const DEFAULT_CREATED = '2015-01-01T00:00:00Z';

export interface FakeRole {
  id: string;
  name: string;
  rank: number;
}

export interface FakeGroup {
  id: string;
  name: string;
  description: string;
  ownerId: string | null;
  memberCount: number;
  roles: FakeRole[];
}

export interface Fault {
  status: number;
  /** How many of the next matching calls fail. */
  times: number;
  /** Sent as the retry-after header (seconds). */
  retryAfter?: string;
  /** Only calls whose path contains this. */
  pathIncludes?: string;
  /** Answered instead of Roblox's error body: with status 200, an answer off its documented shape. */
  body?: unknown;
}

/**
 * An Open Cloud API key as a group owner creates it: the groups it reaches and its group scope's operations, bare
 * verbs (`read`, `write`) as the introspection of Roblox's "Manage API keys" page lists them.
 */
export interface FakeCloudKey {
  groupIds: string[];
  operations: ('read' | 'write')[];
  enabled: boolean;
  /** The expiry its creator set (introspection's `expirationTimeUtc`); unset: none. */
  expirationTimeUtc?: string;
}

/** Open Cloud list calls: 10 without maxPageSize, and larger sizes are set to 100. */
const CLOUD_DEFAULT_PAGE = 10;
const CLOUD_MAX_PAGE = 100;
/** The legacy groups API's `limit` takes only these. */
const WEB_PAGE_LIMITS = [10, 25, 50, 100];
/** `POST users /v1/users` takes at most this many ids. */
const MAX_USERS_PER_LOOKUP = 200;

/**
 * One page of `items` from the opaque token of the previous page (null: the first), which holds the offset and the
 * query it was issued for: a token reused with another query is refused, as Roblox requires the same parameters.
 */
/**
 * Where a path of the fake lives on Roblox: Open Cloud, key introspection and OAuth on apis.roblox.com, the legacy
 * `/{service}/...` on `{service}.roblox.com`. Null for the fake CDN: headshot bytes are fetched from the address
 * the thumbnails API answered, which no API document describes.
 */
function realUrl(path: string, search: string): string | null {
  if (path.startsWith('/thumbnails/images/')) return null;
  const service = /^\/([a-z]+)(\/.*)$/.exec(path);
  if (!service || ['cloud', 'api-keys', 'oauth'].includes(service[1]!))
    return `https://apis.roblox.com${path}${search}`;
  return `https://${service[1]}.roblox.com${service[2]}${search}`;
}

function pageOf<T>(items: T[], size: number, token: string | null, query: string) {
  let offset = 0;
  if (token) {
    let decoded: { offset?: unknown; query?: unknown };
    try {
      decoded = JSON.parse(Buffer.from(token, 'base64url').toString()) as typeof decoded;
    } catch {
      return null;
    }
    if (decoded.query !== query || typeof decoded.offset !== 'number') return null;
    offset = decoded.offset;
  }
  const end = offset + size;
  const next = end < items.length ? Buffer.from(JSON.stringify({ offset: end, query })).toString('base64url') : null;
  return { items: items.slice(offset, end), next };
}

export class FakeRobloxServer {
  url = '';
  /** The platform key (ROBLOX_OPEN_CLOUD_KEY): reaches every group, read and write. */
  readonly openCloudKey: string;
  /** Groups' own keys (PUT .../open-cloud-key), beside the platform key. */
  readonly cloudKeys = new Map<string, FakeCloudKey>();
  /** Every `:assignRole` that changed a membership, oldest first. */
  readonly assignedRoles: { groupId: string; userId: string; roleId: string; apiKey: string }[] = [];
  readonly users = new Map<string, FakeUser>();
  readonly groups = new Map<string, FakeGroup>();
  /** userId → groupId → roleId. */
  readonly memberships = new Map<string, Map<string, string>>();
  /** userId → owned items as `${kind}:${id}`. */
  readonly inventories = new Map<string, Set<string>>();
  /** Users whose inventory Open Cloud refuses to show (privacy "No one"); the legacy is-owned still answers. */
  readonly hiddenInventories = new Set<string>();
  readonly faults: Fault[] = [];
  /** Every answer waits this long first (a slow Roblox). */
  delayMs = 0;
  /**
   * Per user: the headshot address the thumbnails API answers instead of its own CDN's, or the body (and type) its
   * CDN serves instead of the 1x1 png; for tests of what the server refuses to fetch or pass on.
   */
  readonly headshotOverrides = new Map<string, { imageUrl?: string; body?: Buffer; contentType?: string }>();
  /** Paths of every request received, oldest first. */
  readonly requests: string[] = [];
  /** The account the OAuth authorize step signs in as. */
  oauthUserId: string | null = null;
  #server: Server | undefined;
  #codes = new Map<string, string>();
  readonly #contracts: ContractRecorder;

  constructor(openCloudKey = 'fake-open-cloud-key', options: { contracts?: ContractMode } = {}) {
    this.openCloudKey = openCloudKey;
    this.#contracts = new ContractRecorder('FakeRobloxServer', options.contracts);
  }

  /** Requests it received and answers it gave that Roblox's documents (or the allow-list) do not describe. */
  get contractViolations() {
    return this.#contracts.violations;
  }

  async start(port = 0): Promise<this> {
    this.#server = createServer((req, res) => {
      void this.#handle(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    });
    await new Promise<void>((resolve) => this.#server!.listen(port, '127.0.0.1', resolve));
    const address = this.#server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;
    return this;
  }

  /** ROBLOX_API_BASE for this fake. */
  get apiBase(): string {
    return `${this.url}/{service}`;
  }

  /** Closes the server, then throws (or reports) the contract violations seen. */
  async stop(): Promise<void> {
    this.#server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.#server ? this.#server.close(() => resolve()) : resolve()));
    this.#contracts.settle();
  }

  addUser(user: Omit<FakeUser, 'displayName' | 'description'> & Partial<FakeUser>): FakeUser {
    const full = { displayName: user.name, description: '', ...user };
    this.users.set(full.id, full);
    return full;
  }

  addGroup(group: FakeGroup): FakeGroup {
    this.groups.set(group.id, group);
    return group;
  }

  join(userId: string, groupId: string, roleId: string): void {
    const mine = this.memberships.get(userId) ?? new Map<string, string>();
    mine.set(groupId, roleId);
    this.memberships.set(userId, mine);
  }

  /** The user owns a game pass, badge or asset. */
  give(userId: string, kind: FakeItemKind, itemId: string): void {
    const mine = this.inventories.get(userId) ?? new Set<string>();
    mine.add(`${kind}:${itemId}`);
    this.inventories.set(userId, mine);
  }

  #owns(userId: string, kind: FakeItemKind, itemId: string): boolean {
    return this.inventories.get(userId)?.has(`${kind}:${itemId}`) ?? false;
  }

  addCloudKey(key: string, options: Partial<FakeCloudKey> & { groupIds: string[] }): void {
    this.cloudKeys.set(key, { operations: ['read', 'write'], enabled: true, ...options });
  }

  /** What a key may do in a group: null when Open Cloud does not know the key at all. */
  #cloudKey(key: string | undefined): FakeCloudKey | null {
    if (!key) return null;
    if (key === this.openCloudKey) return { groupIds: ['*'], operations: ['read', 'write'], enabled: true };
    const found = this.cloudKeys.get(key);
    return found?.enabled ? found : null;
  }

  fail(fault: Fault): void {
    this.faults.push({ ...fault });
  }

  #takeFault(path: string): Fault | undefined {
    const fault = this.faults.find(
      (candidate) => candidate.times > 0 && (!candidate.pathIncludes || path.includes(candidate.pathIncludes)),
    );
    if (fault) fault.times -= 1;
    return fault;
  }

  #roleOf(groupId: string, roleId: string): FakeRole | undefined {
    return this.groups.get(groupId)?.roles.find((role) => role.id === roleId);
  }

  #memberCount(groupId: string, roleId: string): number {
    let count = 0;
    for (const mine of this.memberships.values()) if (mine.get(groupId) === roleId) count += 1;
    return count;
  }

  /** Members of a group holding a role, in the order they joined. */
  #roleMembers(groupId: string, roleId: string): string[] {
    return [...this.memberships].filter(([, mine]) => mine.get(groupId) === roleId).map(([userId]) => userId);
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    this.requests.push(`${req.method} ${path}`);
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const real = realUrl(path, url.search);
    const exchange: PlatformRequest | null = real
      ? { method: req.method ?? 'GET', url: real, body: bodyOf(raw, req.headers['content-type']) }
      : null;
    if (exchange) this.#contracts.request(exchange);
    if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      if (exchange) this.#contracts.response(exchange, status, body);
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (!path.startsWith('/oauth/')) {
      const fault = this.#takeFault(path);
      if (fault)
        return json(
          fault.status,
          fault.body ??
            (path.startsWith('/cloud/')
              ? { code: fault.status === 429 ? 'RESOURCE_EXHAUSTED' : 'INTERNAL', message: 'fault' }
              : { errors: [{ code: 0, message: 'fault' }] }),
          fault.retryAfter
            ? {
                'retry-after': fault.retryAfter,
                'x-ratelimit-limit': '300',
                'x-ratelimit-remaining': '0',
                'x-ratelimit-reset': fault.retryAfter,
              }
            : {},
        );
    }
    const notFound = () => json(404, { errors: [{ code: 3, message: 'not found' }] });
    let match: RegExpMatchArray | null;

    // Users
    if (req.method === 'POST' && path === '/users/v1/usernames/users') {
      const { usernames } = JSON.parse(raw || '{}') as { usernames?: string[] };
      const data = (usernames ?? []).flatMap((requested) => {
        const user = [...this.users.values()].find(
          (candidate) => candidate.name.toLowerCase() === requested.toLowerCase(),
        );
        return user
          ? [
              {
                requestedUsername: requested,
                hasVerifiedBadge: false,
                id: Number(user.id),
                name: user.name,
                displayName: user.displayName,
              },
            ]
          : [];
      });
      return json(200, { data });
    }
    if (req.method === 'POST' && path === '/users/v1/users') {
      const { userIds } = JSON.parse(raw || '{}') as { userIds?: number[] };
      if ((userIds?.length ?? 0) > MAX_USERS_PER_LOOKUP)
        return json(400, { errors: [{ code: 1, message: 'Too many ids.' }] });
      const data = (userIds ?? []).flatMap((id) => {
        const user = this.users.get(String(id));
        return user
          ? [{ hasVerifiedBadge: false, id: Number(user.id), name: user.name, displayName: user.displayName }]
          : [];
      });
      return json(200, { data });
    }
    if (req.method === 'GET' && path === '/users/v1/users/search') {
      const keyword = (url.searchParams.get('keyword') ?? '').toLowerCase();
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const data = [...this.users.values()]
        .filter((user) => user.name.toLowerCase().includes(keyword) || user.displayName.toLowerCase().includes(keyword))
        .slice(0, limit)
        .map((user) => ({
          previousUsernames: [],
          hasVerifiedBadge: false,
          id: Number(user.id),
          name: user.name,
          displayName: user.displayName,
        }));
      // One page; the document's cursors are strings, so none is sent rather than null.
      return json(200, { data });
    }
    if (req.method === 'GET' && (match = path.match(/^\/users\/v1\/users\/(\d+)$/))) {
      const user = this.users.get(match[1]!);
      if (!user) return notFound();
      return json(200, {
        description: user.description,
        created: user.created ?? DEFAULT_CREATED,
        isBanned: false,
        hasVerifiedBadge: false,
        id: Number(user.id),
        name: user.name,
        displayName: user.displayName,
      });
    }

    // Groups
    if (req.method === 'GET' && (match = path.match(/^\/groups\/v1\/groups\/(\d+)$/))) {
      const group = this.groups.get(match[1]!);
      if (!group) return json(400, { errors: [{ code: 1, message: 'Group is invalid or does not exist.' }] });
      const owner = group.ownerId ? this.users.get(group.ownerId) : undefined;
      return json(200, {
        id: Number(group.id),
        name: group.name,
        description: group.description,
        // The document's owner and shout are objects: a group without one leaves the field out.
        ...(owner
          ? {
              owner: {
                hasVerifiedBadge: false,
                userId: Number(owner.id),
                username: owner.name,
                displayName: owner.displayName,
              },
            }
          : {}),
        memberCount: group.memberCount,
        isBuildersClubOnly: false,
        publicEntryAllowed: true,
        hasVerifiedBadge: false,
      });
    }
    if (req.method === 'GET' && (match = path.match(/^\/groups\/v1\/groups\/(\d+)\/roles$/))) {
      const group = this.groups.get(match[1]!);
      if (!group) return json(400, { errors: [{ code: 1, message: 'Group is invalid or does not exist.' }] });
      return json(200, {
        groupId: Number(group.id),
        roles: group.roles.map((role) => ({
          id: Number(role.id),
          name: role.name,
          rank: role.rank,
          memberCount: this.#memberCount(group.id, role.id),
        })),
      });
    }
    if (req.method === 'GET' && (match = path.match(/^\/groups\/v1\/groups\/(\d+)\/roles\/(\d+)\/users$/))) {
      const [, groupId, roleId] = match as unknown as [string, string, string];
      if (!this.groups.has(groupId))
        return json(400, { errors: [{ code: 1, message: 'The group is invalid or does not exist.' }] });
      if (!this.#roleOf(groupId, roleId))
        return json(403, { errors: [{ code: 2, message: 'The roleset is invalid or does not exist.' }] });
      const limit = Number(url.searchParams.get('limit') ?? 10);
      if (!WEB_PAGE_LIMITS.includes(limit)) return json(400, { errors: [{ code: 0, message: 'Invalid limit' }] });
      const page = pageOf(
        this.#roleMembers(groupId, roleId),
        limit,
        url.searchParams.get('cursor'),
        `${groupId}/${roleId}`,
      );
      if (!page) return json(400, { errors: [{ code: 36, message: 'The pagination cursor is invalid.' }] });
      // The document types both cursors as strings: Roblox leaves out the one there is no page for.
      return json(200, {
        ...(page.next ? { nextPageCursor: page.next } : {}),
        data: page.items.map((userId) => {
          const user = this.users.get(userId);
          return {
            buildersClubMembershipType: 0,
            hasVerifiedBadge: false,
            userId: Number(userId),
            username: user?.name ?? `user${userId}`,
            displayName: user?.displayName ?? `user${userId}`,
          };
        }),
      });
    }
    if (req.method === 'GET' && (match = path.match(/^\/groups\/v2\/users\/(\d+)\/groups\/roles$/))) {
      const data = [...(this.memberships.get(match[1]!) ?? new Map<string, string>())].flatMap(([groupId, roleId]) => {
        const group = this.groups.get(groupId);
        const role = this.#roleOf(groupId, roleId);
        return group && role
          ? [
              {
                group: {
                  id: Number(group.id),
                  name: group.name,
                  memberCount: group.memberCount,
                  hasVerifiedBadge: false,
                },
                role: { id: Number(role.id), name: role.name, rank: role.rank },
              },
            ]
          : [];
      });
      return json(200, { data });
    }

    // Inventory: whether a user owns one item (a boolean body, as the inventory API answers).
    if (
      req.method === 'GET' &&
      (match = path.match(/^\/inventory\/v1\/users\/(\d+)\/items\/(\d+)\/(\d+)\/is-owned$/))
    ) {
      const [, userId, itemType, itemId] = match as unknown as [string, string, string, string];
      const kind = INVENTORY_ITEM_TYPES[itemType];
      if (!kind) return json(400, { errors: [{ code: 6, message: 'The specified item type does not exist.' }] });
      if (!this.users.has(userId))
        return json(400, { errors: [{ code: 1, message: 'The specified user does not exist!' }] });
      return json(200, this.#owns(userId, kind, itemId));
    }

    // Thumbnails
    if (req.method === 'GET' && path === '/thumbnails/v1/users/avatar-headshot') {
      const ids = (url.searchParams.get('userIds') ?? '').split(',').filter(Boolean);
      const size = url.searchParams.get('size') ?? '48x48';
      return json(200, {
        data: ids.map((id) => ({
          targetId: Number(id),
          state: 'Completed',
          imageUrl: this.headshotOverrides.get(id)?.imageUrl ?? `${this.url}/thumbnails/images/${id}-${size}.png`,
          version: 'TN3',
        })),
      });
    }

    // The CDN the headshot addresses point at: a 1x1 png, whatever the size asked.
    if (req.method === 'GET' && (match = path.match(/^\/thumbnails\/images\/(\d+)-\d+x\d+\.png$/))) {
      if (!this.users.has(match[1]!)) return json(404, { errors: [{ code: 0, message: 'NotFound' }] });
      const override = this.headshotOverrides.get(match[1]!);
      res.writeHead(200, { 'content-type': override?.contentType ?? 'image/png' });
      return void res.end(override?.body ?? FAKE_PNG);
    }

    // Open Cloud API key introspection: the key is in the body.
    if (req.method === 'POST' && path === '/api-keys/v1/introspect') {
      const { apiKey } = JSON.parse(raw || '{}') as { apiKey?: string };
      const key = this.#cloudKey(apiKey);
      if (!key) return json(401, { code: 'UNAUTHENTICATED', message: 'Invalid API Key' });
      return json(200, {
        name: 'GroupFlow ranking',
        authorizedUserId: 0,
        scopes: [{ name: 'group', operations: key.operations, groupIds: key.groupIds, userIds: [] }],
        enabled: key.enabled,
        expired: false,
        expirationTimeUtc: key.expirationTimeUtc ?? null,
      });
    }

    // Open Cloud v2
    if (path.startsWith('/cloud/v2/')) {
      const apiKey = req.headers['x-api-key'] as string | undefined;
      const key = this.#cloudKey(apiKey);
      if (!key) return json(401, { code: 'UNAUTHENTICATED', message: 'Invalid API Key' });
      const groupInPath = path.match(/^\/cloud\/v2\/groups\/(\d+)/)?.[1];
      if (groupInPath && !key.groupIds.includes('*') && !key.groupIds.includes(groupInPath))
        return json(403, { code: 'PERMISSION_DENIED', message: 'The API key does not reach this group' });
      if (req.method === 'GET' && (match = path.match(/^\/cloud\/v2\/groups\/(\d+)\/memberships$/))) {
        const groupId = match[1]!;
        if (!this.groups.has(groupId)) return json(404, { code: 'NOT_FOUND', message: 'Group not found' });
        // Only the two filters Open Cloud takes with a group id in the path: by user or by role.
        const filter = url.searchParams.get('filter') ?? '';
        const byUser = filter.match(/^user == 'users\/(\d+)'$/)?.[1];
        const byRole = filter.match(new RegExp(`^role == 'groups/${groupId}/roles/(\\d+)'$`))?.[1];
        if (filter && !byUser && !byRole) return json(400, { code: 'INVALID_ARGUMENT', message: 'Invalid filter' });
        const members = [...this.memberships]
          .filter(([userId, mine]) => mine.has(groupId) && (!byUser || userId === byUser))
          .filter(([, mine]) => !byRole || mine.get(groupId) === byRole)
          .map(([userId]) => userId);
        const size = Math.min(Number(url.searchParams.get('maxPageSize') || CLOUD_DEFAULT_PAGE), CLOUD_MAX_PAGE);
        if (!(size >= 1)) return json(400, { code: 'INVALID_ARGUMENT', message: 'Invalid maxPageSize' });
        const page = pageOf(members, size, url.searchParams.get('pageToken'), `${groupId}/${filter}`);
        if (!page) return json(400, { code: 'INVALID_ARGUMENT', message: 'Invalid page token' });
        return json(200, {
          groupMemberships: page.items.map((userId) => ({
            path: `groups/${groupId}/memberships/${userId}`,
            user: `users/${userId}`,
            role: `groups/${groupId}/roles/${this.memberships.get(userId)!.get(groupId)}`,
          })),
          // Omitted on the last page, as Open Cloud does.
          ...(page.next ? { nextPageToken: page.next } : {}),
        });
      }
      if (
        req.method === 'POST' &&
        (match = path.match(/^\/cloud\/v2\/groups\/(\d+)\/memberships\/(\d+):assignRole$/))
      ) {
        const [, groupId, userId] = match as unknown as [string, string, string];
        if (!key.operations.includes('write'))
          return json(403, { code: 'PERMISSION_DENIED', message: 'The API key lacks group:write' });
        const { role } = JSON.parse(raw || '{}') as { role?: string };
        const roleId = role?.match(new RegExp(`^groups/${groupId}/roles/(\\d+)$`))?.[1];
        if (!roleId || !this.#roleOf(groupId, roleId))
          return json(400, { code: 'INVALID_ARGUMENT', message: 'role is not a role of this group' });
        const mine = this.memberships.get(userId);
        if (!mine?.has(groupId)) return json(404, { code: 'NOT_FOUND', message: 'Membership not found' });
        mine.set(groupId, roleId);
        this.assignedRoles.push({ groupId, userId, roleId, apiKey: apiKey! });
        return json(200, {
          path: `groups/${groupId}/memberships/${userId}`,
          user: `users/${userId}`,
          role: `groups/${groupId}/roles/${roleId}`,
        });
      }
      if (req.method === 'GET' && (match = path.match(/^\/cloud\/v2\/users\/(\d+)\/inventory-items$/))) {
        const userId = match[1]!;
        if (!this.users.has(userId)) return json(404, { code: 'NOT_FOUND', message: 'User not found' });
        if (this.hiddenInventories.has(userId))
          return json(403, { code: 'PERMISSION_DENIED', message: 'The inventory is not visible' });
        // `assetIds=1,2;gamePassIds=3`: only the filter fields GroupFlow sends.
        const wanted: string[] = [];
        for (const clause of (url.searchParams.get('filter') ?? '').split(';').filter(Boolean)) {
          const [field, ids] = clause.split('=') as [string, string | undefined];
          const kind = CLOUD_INVENTORY_FILTERS[field];
          if (!kind || !ids) return json(400, { code: 'INVALID_ARGUMENT', message: `Invalid filter ${clause}` });
          for (const id of ids.split(',')) wanted.push(`${kind}:${id}`);
        }
        const owned = [...(this.inventories.get(userId) ?? [])].filter(
          (key) => wanted.length === 0 || wanted.includes(key),
        );
        const size = Math.min(Number(url.searchParams.get('maxPageSize') || CLOUD_DEFAULT_PAGE), CLOUD_MAX_PAGE);
        const filter = url.searchParams.get('filter') ?? '';
        const page = pageOf(owned, size, url.searchParams.get('pageToken'), `${userId}/${filter}`);
        if (!page) return json(400, { code: 'INVALID_ARGUMENT', message: 'Invalid page token' });
        return json(200, {
          inventoryItems: page.items.map((key) => {
            const [kind, id] = key.split(':') as [FakeItemKind, string];
            const details =
              kind === 'gamepass'
                ? { gamePassDetails: { gamePassId: id } }
                : kind === 'badge'
                  ? { badgeDetails: { badgeId: id } }
                  : { assetDetails: { assetId: id, inventoryItemAssetType: 'HAT', instanceId: id } };
            return { path: `users/${userId}/inventory-items/${kind}-${id}`, ...details };
          }),
          ...(page.next ? { nextPageToken: page.next } : {}),
        });
      }
      if (req.method === 'GET' && (match = path.match(/^\/cloud\/v2\/users\/(\d+)$/))) {
        const user = this.users.get(match[1]!);
        if (!user) return json(404, { code: 'NOT_FOUND', message: 'User not found' });
        return json(200, {
          path: `users/${user.id}`,
          id: user.id,
          name: user.name,
          displayName: user.displayName,
          about: user.description,
          locale: 'en_us',
          createTime: user.created ?? DEFAULT_CREATED,
        });
      }
      if (req.method === 'GET' && (match = path.match(/^\/cloud\/v2\/groups\/(\d+)$/))) {
        const group = this.groups.get(match[1]!);
        if (!group) return json(404, { code: 'NOT_FOUND', message: 'Group not found' });
        return json(200, {
          path: `groups/${group.id}`,
          id: group.id,
          displayName: group.name,
          description: group.description,
          owner: group.ownerId ? `users/${group.ownerId}` : undefined,
          memberCount: group.memberCount,
          publicEntryAllowed: true,
          locked: false,
          verified: false,
        });
      }
      if (req.method === 'GET' && (match = path.match(/^\/cloud\/v2\/groups\/(\d+)\/roles$/))) {
        const group = this.groups.get(match[1]!);
        if (!group) return json(404, { code: 'NOT_FOUND', message: 'Group not found' });
        return json(200, {
          groupRoles: group.roles.map((role) => ({
            path: `groups/${group.id}/roles/${role.id}`,
            id: role.id,
            displayName: role.name,
            rank: role.rank,
            memberCount: this.#memberCount(group.id, role.id),
          })),
          nextPageToken: '',
        });
      }
      if (req.method === 'GET' && path === '/cloud/v2/groups/-/memberships') {
        const filter = url.searchParams.get('filter') ?? '';
        const userId = filter.match(/^user == 'users\/(\d+)'$/)?.[1];
        if (!userId) return json(400, { code: 'INVALID_ARGUMENT', message: 'filter' });
        const groupMemberships = [...(this.memberships.get(userId) ?? new Map<string, string>())].map(
          ([groupId, roleId]) => ({
            path: `groups/${groupId}/memberships/${userId}`,
            user: `users/${userId}`,
            role: `groups/${groupId}/roles/${roleId}`,
          }),
        );
        return json(200, { groupMemberships, nextPageToken: '' });
      }
      return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    }

    // OAuth 2.0 (authorization code; PKCE is accepted as sent)
    if (req.method === 'GET' && path === '/oauth/v1/authorize') {
      const redirect = new URL(url.searchParams.get('redirect_uri') ?? '');
      const code = `code-${this.#codes.size + 1}`;
      this.#codes.set(code, this.oauthUserId ?? '');
      redirect.searchParams.set('code', code);
      redirect.searchParams.set('state', url.searchParams.get('state') ?? '');
      this.#contracts.response(exchange!, 302, undefined);
      res.writeHead(302, { location: redirect.toString() });
      return void res.end();
    }
    if (req.method === 'POST' && path === '/oauth/v1/token') {
      const code = new URLSearchParams(raw).get('code') ?? '';
      const userId = this.#codes.get(code);
      this.#codes.delete(code);
      if (!userId) return json(400, { error: 'invalid_grant' });
      return json(200, {
        access_token: `token-${userId}`,
        token_type: 'Bearer',
        expires_in: 900,
        scope: 'openid profile',
      });
    }
    if (req.method === 'GET' && path === '/oauth/v1/userinfo') {
      const user = this.users.get((req.headers.authorization ?? '').replace(/^Bearer token-/, ''));
      if (!user) return json(401, { error: 'invalid_token' });
      return json(200, {
        sub: user.id,
        name: user.displayName,
        nickname: user.displayName,
        preferred_username: user.name,
      });
    }
    notFound();
  }
}
