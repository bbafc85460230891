import { Conflict, NotFound } from '../shared/errors.ts';
import type { CustomerRepository } from '../customer/ports.ts';
import type { RoleSyncQueue } from '../discord/ports.ts';
import type { CustomerNotifications } from '../notifications/ports.ts';
import type { GroupRecords } from './groupPorts.ts';
import { resyncRoles } from './linkedAccount.ts';
import type { RobloxRole, RobloxUsers } from './ports.ts';
import type {
  GroupOpenCloud,
  GroupOpenCloudKeys,
  MemberRankCache,
  RankAuditTrail,
  RankChange,
  RankChangeSource,
} from './rankingPorts.ts';

export const NO_OPEN_CLOUD_KEY = "Save the group's Open Cloud API key in the workspace settings before ranking members";
export const NOT_IN_GROUP = 'This user is not a member of the group';
export const AUTOMATIC_ACTOR = 'Auto promotion';

/** One rank change as the ranking engine carries it out, whoever asked for it. */
export interface RankAssignment {
  groupId: string;
  apiKey: string;
  userId: string;
  from: RobloxRole | null;
  to: RobloxRole;
  reason: string;
  /** The manager's Roblox name and id; null for automatic promotion. */
  actor: { name: string; robloxId: string } | null;
  source: RankChangeSource;
}

/**
 * The engine behind every rank change (a manager's, automatic promotion, an accepted application), shared by the
 * use cases that decide one: the group's Open Cloud key, the member's role as Open Cloud sees it now, and the change
 * itself: `:assignRole`, a line in the audit trail whatever the outcome, and on success the member's cached roles
 * forgotten, their Discord roles resynced in every server and a notification for them.
 */
export class RankingEngine {
  readonly #cloud: GroupOpenCloud;
  readonly #keys: GroupOpenCloudKeys;
  readonly #audit: RankAuditTrail;
  readonly #users: RobloxUsers;
  readonly #customers: CustomerRepository;
  readonly #records: Pick<GroupRecords, 'setMemberRank'>;
  readonly #after: { roleSync: RoleSyncQueue; rankCache: MemberRankCache; notifications: CustomerNotifications };

  constructor(
    cloud: GroupOpenCloud,
    keys: GroupOpenCloudKeys,
    audit: RankAuditTrail,
    users: RobloxUsers,
    customers: CustomerRepository,
    records: Pick<GroupRecords, 'setMemberRank'>,
    after: { roleSync: RoleSyncQueue; rankCache: MemberRankCache; notifications: CustomerNotifications },
  ) {
    this.#cloud = cloud;
    this.#keys = keys;
    this.#audit = audit;
    this.#users = users;
    this.#customers = customers;
    this.#records = records;
    this.#after = after;
  }

  async keyOf(groupId: string): Promise<string> {
    const key = await this.#keys.find(groupId);
    if (!key) throw new Conflict('ROBLOX.NO_OPEN_CLOUD_KEY', NO_OPEN_CLOUD_KEY);
    return key.apiKey;
  }

  /** The group's roles and the member's current one, as Open Cloud sees them now. */
  async currentRole(apiKey: string, groupId: string, userId: string) {
    const { roles, current, member } = await this.standing(apiKey, groupId, userId);
    if (!member) throw new NotFound('ROBLOX.TARGET_NOT_IN_GROUP', NOT_IN_GROUP);
    return { roles, current };
  }

  roles(apiKey: string, groupId: string): Promise<RobloxRole[]> {
    return this.#cloud.roles(apiKey, groupId);
  }

  /** Like currentRole, with `member` false instead of an error for someone who is not in the group. */
  async standing(apiKey: string, groupId: string, userId: string) {
    const [roles, roleId] = await Promise.all([
      this.roles(apiKey, groupId),
      this.#cloud.roleOf(apiKey, groupId, userId),
    ]);
    return { roles, current: roles.find((role) => role.id === roleId) ?? null, member: roleId !== null };
  }

  /** A change automatic promotion did not ask Open Cloud for, in the audit trail with why (`error`). */
  async skip(change: Omit<RankAssignment, 'apiKey'>, why: string): Promise<RankChange> {
    return this.#audit.record({ ...(await this.#entry(change)), result: 'skipped', error: why });
  }

  /** Carries out a checked change; the audit line is written whether Open Cloud succeeds or not. */
  async assign(change: RankAssignment): Promise<RankChange> {
    const entry = await this.#entry(change);
    try {
      await this.#cloud.assignRole(change.apiKey, change.groupId, change.userId, change.to.id);
    } catch (error) {
      await this.#audit.record({ ...entry, result: 'failed', error: (error as Error).message });
      throw error;
    }
    const recorded = await this.#audit.record({ ...entry, result: 'succeeded', error: null });
    await this.#records.setMemberRank(change.groupId, change.userId, change.to.rank, change.to.name);
    await this.#after.rankCache.forget(change.userId);
    const customer = await this.#customers.findByRobloxId(change.userId);
    if (customer?.isVerified) {
      await resyncRoles(this.#after.roleSync, customer);
      await this.#after.notifications.notify(customer.id, {
        kind: 'rank-changed',
        title: 'Your rank changed',
        message: `${entry.fromRoleName ?? 'No rank'} → ${change.to.name}: ${change.reason}`,
      });
    }
    return recorded;
  }

  async #entry(change: Omit<RankAssignment, 'apiKey'>) {
    const targetName = (await this.#users.byId(change.userId).catch(() => null))?.name ?? change.userId;
    return {
      groupId: change.groupId,
      actorName: change.actor?.name ?? AUTOMATIC_ACTOR,
      actorRobloxId: change.actor?.robloxId ?? null,
      targetUserId: change.userId,
      targetName,
      fromRank: change.from?.rank ?? null,
      fromRoleName: change.from?.name ?? null,
      toRank: change.to.rank,
      toRoleName: change.to.name,
      reason: change.reason,
      source: change.source,
    };
  }
}
