import { Forbidden, NotFound, Unavailable } from '../shared/errors.ts';
import type { CustomerRepository } from '../customer/ports.ts';
import { canManageWithRole, type RankPermissionKey } from './groupPolicy.ts';
import type { ConnectedGroup, ConnectedGroups } from './groupPorts.ts';
import type { RobloxGroupRole, RobloxMemberships } from './ports.ts';
import { requireVerified, type LinkedCustomer } from './linkedAccount.ts';

export const NOT_A_MEMBER = 'You are not a member of this group';
export const NO_ACCESS = 'You do not have access to this group';
export const RANK_UNCONFIRMED =
  'Roblox cannot be reached to confirm your rank in this group, so management changes are paused. Please try again in a moment.';

export interface RankCheckSettings {
  /** ROBLOX_RANK_CHECK_CACHE_SECONDS: a management decision uses a rank read at most this long ago. */
  maxAgeMs: number;
}

/**
 * The member's role in the group as Roblox says it now (a read at most `maxAgeMs` old), or null when not a member.
 * When Roblox cannot answer it fails closed: Unavailable (503) with a message saying why, never a stale rank.
 */
export async function freshGroupRole(
  memberships: RobloxMemberships,
  robloxId: string,
  groupId: string,
  settings: RankCheckSettings,
): Promise<RobloxGroupRole | null> {
  try {
    const roles = await memberships.groupRolesOf(robloxId, settings.maxAgeMs);
    return roles.find((held) => held.groupId === groupId) ?? null;
  } catch (error) {
    if (error instanceof Unavailable) throw new Unavailable('ROBLOX.RANK_UNCONFIRMED', RANK_UNCONFIRMED);
    throw error;
  }
}
export const NOT_PERMITTED = 'Your rank does not allow this in this group';
export const RANK_CEILING = 'You can only rank members below your own rank, and only to a rank below your own';

export interface GroupAccess {
  customer: LinkedCustomer;
  group: ConnectedGroup;
  role: RobloxGroupRole;
  /** Rank 100+ or a manager role name (spec 1 section 6): settings, the activity key, records. */
  canManage: boolean;
}

/**
 * Who may open a connected group's workspace: a member (proven account, current Roblox role) who can manage it,
 * whose role is among the workspace's authorised roles, or whose rank was granted canAccessWorkspace when it was
 * connected. Everyone else gets 403. Reads (`view`) may use the memberships cache, so stored workspace data stays
 * readable while Roblox is briefly down; every management action (`manage`) decides on a rank read fresh from
 * Roblox (`freshGroupRole`) and fails closed with 503 when Roblox cannot answer.
 */
export class GroupAccessPolicy {
  readonly #customers: CustomerRepository;
  readonly #memberships: RobloxMemberships;
  readonly #groups: ConnectedGroups;
  readonly #rankCheck: RankCheckSettings;

  constructor(
    customers: CustomerRepository,
    memberships: RobloxMemberships,
    groups: ConnectedGroups,
    rankCheck: RankCheckSettings,
  ) {
    this.#customers = customers;
    this.#memberships = memberships;
    this.#groups = groups;
    this.#rankCheck = rankCheck;
  }

  /** Reading the workspace: the cached rank will do. */
  view(customerId: number | undefined, groupId: string): Promise<GroupAccess> {
    return this.#resolve(customerId, groupId, false);
  }

  /**
   * Every management action (settings, the activity key, authorised roles, applications, training): a manager
   * by a fresh rank, so an admin removed in Roblox is refused within ROBLOX_RANK_CHECK_CACHE_SECONDS.
   */
  async manage(customerId: number | undefined, groupId: string): Promise<GroupAccess> {
    const access = await this.#resolve(customerId, groupId, true);
    if (!access.canManage) throw new Forbidden('ROBLOX.NO_GROUP_ACCESS', NO_ACCESS);
    return access;
  }

  async #resolve(customerId: number | undefined, groupId: string, fresh: boolean): Promise<GroupAccess> {
    const customer = await requireVerified(this.#customers, customerId);
    const group = await this.#groups.find(groupId);
    if (!group) throw new NotFound('ROBLOX.GROUP_NOT_CONNECTED', 'Group not connected');
    const role = fresh
      ? await freshGroupRole(this.#memberships, customer.robloxId, groupId, this.#rankCheck)
      : (await this.#memberships.groupRolesOf(customer.robloxId)).find((held) => held.groupId === groupId);
    if (!role) throw new Forbidden('ROBLOX.NOT_GROUP_MEMBER', NOT_A_MEMBER);
    const canManage = canManageWithRole({ name: role.roleName, rank: role.rank });
    const authorised =
      group.settings.authorizedRoles.includes(role.roleName) ||
      group.ranks.some((rank) => rank.rankId === role.rank && rank.permissions.canAccessWorkspace === true);
    if (!canManage && !authorised) throw new Forbidden('ROBLOX.NO_GROUP_ACCESS', NO_ACCESS);
    return { customer, group, role, canManage };
  }

  /** A member's own workspace write (a time-off request, a session signup): decided on a fresh rank, like `manage`. */
  act(customerId: number | undefined, groupId: string): Promise<GroupAccess> {
    return this.#resolve(customerId, groupId, true);
  }

  /**
   * A workspace action granted per rank (request time off, host sessions...): managers may all of them, others
   * when the group granted their current rank that permission when it was connected.
   */
  async permitted(customerId: number | undefined, groupId: string, permission: RankPermissionKey) {
    const access = await this.act(customerId, groupId);
    if (!rankMay(access, permission)) throw new Forbidden('ROBLOX.RANK_NOT_PERMITTED', NOT_PERMITTED);
    return access;
  }
}

/** Every per-rank check of the workspace reads the rank here, from the lookup `act`, `manage` or `view` made. */
export function rankMay(access: GroupAccess, permission: RankPermissionKey): boolean {
  if (access.canManage) return true;
  return access.group.ranks.some((rank) => rank.rankId === access.role.rank && rank.permissions[permission] === true);
}

/**
 * A manager acting on someone's rank: the member's current rank and the new one must both be strictly below the
 * manager's own (the owner's 255 included), so nobody promotes a peer, themselves or anyone to their level.
 */
export function requireRankAbove(access: GroupAccess, ranks: (number | null)[]): void {
  if (!access.canManage || ranks.some((rank) => rank !== null && rank >= access.role.rank))
    throw new Forbidden('ROBLOX.RANK_CEILING', RANK_CEILING);
}
