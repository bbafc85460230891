/** In-memory stand-ins for the Roblox ports, shared by the Roblox use case tests. */
import { Conflict, Forbidden, Invalid } from '../../shared/errors.ts';
import { ACTIVITY_KEY_PREFIX_LENGTH } from '../groupPolicy.ts';
import { isRefused } from '../openCloudKeyStatus.ts';
import type { RoleSyncQueue } from '../../discord/ports.ts';
import type {
  CustomerNotification,
  CustomerNotifications,
  NewCustomerNotification,
} from '../../notifications/ports.ts';
import type {
  GroupOpenCloud,
  GroupOpenCloudKeys,
  MemberRankCache,
  NewOpenCloudKey,
  NewRankChange,
  OpenCloudKeyNotice,
  RankAuditTrail,
  RankChange,
  StoredOpenCloudKey,
} from '../rankingPorts.ts';
import type {
  ConnectedGroup,
  ConnectedGroups,
  NewConnectedGroup,
  GroupRecords,
  NewGroupMember,
  PendingClaim,
  PendingClaims,
  RandomStrings,
  VerificationCodes,
} from '../groupPorts.ts';
import type {
  RobloxGroupInfo,
  RobloxGroupRole,
  RobloxGroups,
  RobloxMemberships,
  RobloxProfileReader,
  RobloxRole,
  RobloxThumbnails,
  RobloxUser,
  RobloxUsers,
  RobloxUserSearch,
} from '../ports.ts';

/** Roblox as the ports see it: users, groups with roles, and who holds which role. */
export class InMemoryRoblox
  implements RobloxUsers, RobloxUserSearch, RobloxMemberships, RobloxThumbnails, RobloxProfileReader
{
  readonly users = new Map<string, RobloxUser>();
  readonly groups = new Map<string, { info: RobloxGroupInfo; roles: RobloxRole[] }>();
  readonly held = new Map<string, RobloxGroupRole[]>();
  /** Calls that would reach Roblox past any cache: profile reads for proof, searches, headshot fetches. */
  freshReads = 0;
  searches = 0;
  headshots = 0;

  addUser(id: string, name: string, description = ''): RobloxUser {
    const user = { id, name, displayName: name, description };
    this.users.set(id, user);
    return user;
  }

  addGroup(id: string, name: string, roles: [string, number][]): void {
    const info = {
      id,
      name,
      description: '',
      memberCount: 10,
      owner: null,
      publicEntryAllowed: true,
      buildersClubMembersOnly: false,
      hasVerifiedBadge: false,
    };
    this.groups.set(id, {
      info,
      roles: roles.map(([roleName, rank], i) => ({ id: `${id}-${i}`, name: roleName, rank, memberCount: 1 })),
    });
  }

  join(userId: string, groupId: string, roleName: string): void {
    const group = this.groups.get(groupId)!;
    const role = group.roles.find((candidate) => candidate.name === roleName)!;
    this.held.set(userId, [
      ...(this.held.get(userId) ?? []),
      { groupId, groupName: group.info.name, roleId: role.id, roleName, rank: role.rank },
    ]);
  }

  async byId(id: string) {
    return this.users.get(id) ?? null;
  }
  async freshProfile(id: string) {
    this.freshReads += 1;
    return this.users.get(id) ?? null;
  }
  async byUsername(username: string) {
    return [...this.users.values()].find((user) => user.name.toLowerCase() === username.toLowerCase()) ?? null;
  }
  async search(keyword: string, limit: number) {
    this.searches += 1;
    return [...this.users.values()]
      .filter((user) => user.name.toLowerCase().includes(keyword.toLowerCase()))
      .slice(0, limit);
  }
  async groupRolesOf(robloxUserId: string) {
    return this.held.get(robloxUserId) ?? [];
  }
  async rolesOf(groupId: string) {
    return this.groups.get(groupId)?.roles ?? [];
  }
  async headshotUrl(userId: string) {
    return this.users.has(userId) ? `https://thumbnails.test/${userId}.png` : null;
  }
  async headshot(userId: string) {
    this.headshots += 1;
    return this.users.has(userId)
      ? { contentType: 'image/png', bytes: new TextEncoder().encode(`png of ${userId}`) }
      : null;
  }
}

/** InMemoryRoblox's groups as the RobloxGroups port (its own byId answers users). */
export function groupsOf(roblox: InMemoryRoblox): RobloxGroups {
  return {
    byId: async (groupId) => roblox.groups.get(groupId)?.info ?? null,
    rolesOf: (groupId) => roblox.rolesOf(groupId),
  };
}

export class RecordingRoleSync implements RoleSyncQueue {
  readonly users: string[] = [];
  async enqueue() {}
  async enqueueForUser(discordUserId: string) {
    this.users.push(discordUserId);
  }
}

export class InMemoryVerificationCodes implements VerificationCodes {
  readonly rows = new Map<number, { robloxId: string; code: string; expiresAt: Date }>();
  async put(entry: { customerId: number; robloxId: string; code: string; expiresAt: Date }) {
    this.rows.set(entry.customerId, { robloxId: entry.robloxId, code: entry.code, expiresAt: entry.expiresAt });
  }
  async find(customerId: number) {
    return this.rows.get(customerId) ?? null;
  }
  async remove(customerId: number) {
    this.rows.delete(customerId);
  }
}

export class InMemoryPendingClaims implements PendingClaims {
  readonly rows = new Map<number, PendingClaim>();
  async find(customerId: number, now: Date) {
    const claim = this.rows.get(customerId);
    return claim && claim.expiresAt > now ? { ...claim } : null;
  }
  async put(claim: PendingClaim) {
    this.rows.set(claim.customerId, { ...claim });
  }
  async remove(customerId: number) {
    this.rows.delete(customerId);
  }
  async releaseAccount(robloxId: string) {
    for (const [customerId, claim] of this.rows) if (claim.robloxId === robloxId) this.rows.delete(customerId);
  }
}

export class InMemoryConnectedGroups implements ConnectedGroups {
  readonly rows = new Map<string, ConnectedGroup>();
  /** Each group's current activity key (the real store keeps only its SHA-256). */
  readonly keys = new Map<string, string>();
  readonly members: NewGroupMember[] = [];
  async find(groupId: string) {
    return this.rows.get(groupId) ?? null;
  }
  async add({ activityKey, ...group }: NewConnectedGroup, connector: NewGroupMember) {
    if (this.rows.has(group.groupId)) throw new Conflict('ROBLOX.GROUP_ALREADY_CONNECTED', 'already connected');
    const stored = {
      ...group,
      activityKeyPrefix: activityKey.slice(0, ACTIVITY_KEY_PREFIX_LENGTH),
      createdAt: new Date(),
    };
    this.rows.set(group.groupId, stored);
    this.keys.set(group.groupId, activityKey);
    this.members.push(connector);
    return stored;
  }
  async listFor(customerId: number, groupIds: string[]) {
    return [...this.rows.values()].filter(
      (group) => group.connectedBy === customerId || groupIds.includes(group.groupId),
    );
  }
  async update(groupId: string, { activityKey, ...changes }: Partial<ConnectedGroup> & { activityKey?: string }) {
    const updated = {
      ...this.rows.get(groupId)!,
      ...changes,
      ...(activityKey ? { activityKeyPrefix: activityKey.slice(0, ACTIVITY_KEY_PREFIX_LENGTH) } : {}),
    };
    if (activityKey) this.keys.set(groupId, activityKey);
    this.rows.set(groupId, updated);
    return updated;
  }
  async withAutoPromotion() {
    return [...this.rows.values()]
      .filter((group) => group.autoRank || group.settings.autoPromotions)
      .map((group) => group.groupId);
  }
  async withQuotaSystem() {
    return [...this.rows.values()].filter((group) => group.quotaSystem).map((group) => group.groupId);
  }
  async activityKeyHolder(groupId: string, presentedKey: string) {
    const group = this.rows.get(groupId);
    return group && this.keys.get(groupId) === presentedKey ? { activityTracking: group.activityTracking } : null;
  }
}

/** Predictable "random" strings: codes count up, keys are numbered. */
export class SequentialRandom implements RandomStrings {
  #n = 0;
  code(length: number) {
    this.#n += 1;
    return `C${this.#n}`.padEnd(length, 'X');
  }
  activityKey() {
    this.#n += 1;
    return `key-${this.#n}`;
  }
}

/** Open Cloud as the ranking ports see it, over InMemoryRoblox, with one accepted key; calls are recorded. */
export class InMemoryOpenCloud implements GroupOpenCloud {
  readonly assigned: { groupId: string; userId: string; roleId: string }[] = [];
  /** Set: the next assignRole throws it. */
  failure: Error | null = null;
  /** The expiry the key's creator set, as introspection answers it. */
  expiresAt: Date | null = null;
  /** Revoked since it was saved: calls with it are refused as OpenCloudGroupRanking refuses a saved key. */
  revoked = false;
  readonly #roblox: InMemoryRoblox;
  readonly #key: string;

  constructor(roblox: InMemoryRoblox, key = 'good-key') {
    this.#roblox = roblox;
    this.#key = key;
  }

  #check(apiKey: string) {
    if (this.revoked) throw new Forbidden('ROBLOX.OPEN_CLOUD_KEY_REFUSED', "Open Cloud refused the group's API key");
    if (apiKey !== this.#key) throw new Invalid('ROBLOX.OPEN_CLOUD_KEY_REFUSED', 'Open Cloud refused this API key');
  }
  async checkKey(apiKey: string) {
    this.#check(apiKey);
    return { permissions: ['group:read', 'group:write'], expiresAt: this.expiresAt };
  }
  async roles(apiKey: string, groupId: string) {
    this.#check(apiKey);
    return this.#roblox.rolesOf(groupId);
  }
  async roleOf(apiKey: string, groupId: string, userId: string) {
    this.#check(apiKey);
    return (this.#roblox.held.get(userId) ?? []).find((held) => held.groupId === groupId)?.roleId ?? null;
  }
  async assignRole(apiKey: string, groupId: string, userId: string, roleId: string) {
    this.#check(apiKey);
    if (this.failure) throw this.failure;
    this.assigned.push({ groupId, userId, roleId });
    const role = (await this.#roblox.rolesOf(groupId)).find((candidate) => candidate.id === roleId)!;
    this.#roblox.held.set(userId, [
      ...(this.#roblox.held.get(userId) ?? []).filter((held) => held.groupId !== groupId),
      { groupId, groupName: this.#roblox.groups.get(groupId)!.info.name, roleId, roleName: role.name, rank: role.rank },
    ]);
  }
}

/** A group key as a manager saves it, without an expiry and not used since; `changes` is what a test is about. */
export const newOpenCloudKey = (apiKey: string, changes: Partial<NewOpenCloudKey> = {}): NewOpenCloudKey => ({
  apiKey,
  permissions: ['group:read', 'group:write'],
  savedBy: 1,
  savedAt: new Date(),
  expiresAt: null,
  lastUsedAt: null,
  ...changes,
});

const NOTICE_FIELDS = { lapsing: 'lapseWarnedAt', refused: 'refusedAt' } as const;

export class InMemoryOpenCloudKeys implements GroupOpenCloudKeys {
  readonly rows = new Map<string, StoredOpenCloudKey>();
  async save(groupId: string, key: NewOpenCloudKey) {
    this.rows.set(groupId, { ...key, lapseWarnedAt: null, refusedAt: null });
  }
  async find(groupId: string) {
    return this.rows.get(groupId) ?? null;
  }
  async markUsed(groupId: string, at: Date) {
    const key = this.rows.get(groupId);
    if (key) key.lastUsedAt = at;
  }
  async markNoticed(groupId: string, savedAt: Date, notice: OpenCloudKeyNotice, at: Date) {
    const key = this.rows.get(groupId);
    const field = NOTICE_FIELDS[notice];
    if (!key || key.savedAt.getTime() !== savedAt.getTime() || key[field]) return false;
    key[field] = at;
    return true;
  }
  async unwarned(expiringBefore: Date, unusedSince: Date) {
    return [...this.rows]
      .filter(([, key]) => !key.lapseWarnedAt && !isRefused(key))
      .filter(
        ([, key]) => (key.expiresAt && key.expiresAt < expiringBefore) || (key.lastUsedAt ?? key.savedAt) < unusedSince,
      )
      .map(([groupId]) => groupId);
  }
}

export class InMemoryRankAudit implements RankAuditTrail {
  readonly rows: RankChange[] = [];
  async record(entry: NewRankChange) {
    const row = { ...entry, id: this.rows.length + 1, createdAt: new Date() };
    this.rows.push(row);
    return row;
  }
  async list(groupId: string, limit: number) {
    return this.rows
      .filter((row) => row.groupId === groupId)
      .reverse()
      .slice(0, limit);
  }
}

export class InMemoryNotifications implements CustomerNotifications {
  readonly rows: (CustomerNotification & { customerId: number })[] = [];
  readonly #keys = new Set<string>();
  async notify(customerId: number, { dedupeKey, ...notification }: NewCustomerNotification) {
    if (dedupeKey !== undefined) {
      if (this.#keys.has(`${customerId}:${dedupeKey}`)) return;
      this.#keys.add(`${customerId}:${dedupeKey}`);
    }
    this.rows.push({ ...notification, customerId, id: this.rows.length + 1, isRead: false, createdAt: new Date() });
  }
  async list(customerId: number, limit: number) {
    return this.rows
      .filter((row) => row.customerId === customerId)
      .reverse()
      .slice(0, limit)
      .map(({ customerId: _owner, ...row }) => row);
  }
  async markRead(customerId: number, ids: number[]) {
    for (const row of this.rows) if (row.customerId === customerId && ids.includes(row.id)) row.isRead = true;
  }
}

/** The member ranks ChangeMemberRank writes back, and the members whose cached roles it forgot. */
export class RecordingMemberRanks implements Pick<GroupRecords, 'setMemberRank'>, MemberRankCache {
  readonly ranks = new Map<string, { rankId: number; rankName: string }>();
  readonly forgotten: string[] = [];
  async setMemberRank(groupId: string, userId: string, rankId: number, rankName: string) {
    this.ranks.set(`${groupId}:${userId}`, { rankId, rankName });
  }
  async forget(robloxUserId: string) {
    this.forgotten.push(robloxUserId);
  }
}

/** The rank-check setting the use case tests run with (ROBLOX_RANK_CHECK_CACHE_SECONDS' default). */
export const RANK_CHECK = { maxAgeMs: 10_000 };
