import { Conflict, Forbidden, NotFound } from '../../shared/errors.ts';
import type { CustomerRepository } from '../../customer/ports.ts';
import {
  canManageWithRole,
  DEFAULT_HOME_WIDGETS,
  DEFAULT_THEME_COLOR,
  RANK_PERMISSION_KEYS,
  type RankPermissionKey,
} from '../groupPolicy.ts';
import type { ConnectedGroup, ConnectedGroups, RandomStrings } from '../groupPorts.ts';
import type { RobloxGroups, RobloxMemberships } from '../ports.ts';
import { requireVerified } from '../linkedAccount.ts';
import { freshGroupRole, NOT_A_MEMBER, type RankCheckSettings } from '../groupAccess.ts';
import { AUTOMATION_NOT_PERMITTED, rankMayAutomate } from '../automationAuthority.ts';

/** A rank's workspace permissions as chosen when connecting. */
export type RankPermission = { rankId: number; rankName?: string | undefined } & Record<RankPermissionKey, boolean>;

export interface ConnectGroupInput {
  groupId: string;
  activityTracking: boolean;
  autoRank: boolean;
  quotaSystem: boolean;
  rankPermissions: RankPermission[];
}

export const ALREADY_CONNECTED = 'This group is already connected to GroupFlow';
export const CANNOT_MANAGE = 'You need a rank of 100 or more, or a manager role, to connect this group';

/**
 * POST /api/roblox/groups and /groups/connect: a verified member who can manage the group connects it. Its
 * ranks are stored with the permissions chosen per rank (none chosen: only workspace access for manager ranks),
 * the connecting member is its first member, and the game servers' activity key is made. Automatic promotion
 * (autoRank) may be switched on at connection only by the owner: no other rank is named for it yet.
 */
export class ConnectGroup {
  readonly #customers: CustomerRepository;
  readonly #memberships: RobloxMemberships;
  readonly #groups: RobloxGroups;
  readonly #connected: ConnectedGroups;
  readonly #random: RandomStrings;
  readonly #rankCheck: RankCheckSettings;

  constructor(
    customers: CustomerRepository,
    memberships: RobloxMemberships,
    groups: RobloxGroups,
    connected: ConnectedGroups,
    random: RandomStrings,
    rankCheck: RankCheckSettings,
  ) {
    this.#customers = customers;
    this.#memberships = memberships;
    this.#groups = groups;
    this.#connected = connected;
    this.#random = random;
    this.#rankCheck = rankCheck;
  }

  /** The group as stored, and its new activity key: shown this once, since only its SHA-256 is kept. */
  async execute(
    customerId: number | undefined,
    input: ConnectGroupInput,
  ): Promise<ConnectedGroup & { activityKey: string }> {
    const customer = await requireVerified(this.#customers, customerId);
    // Connecting is a management action: decided on the rank Roblox gives now, not a cached one.
    const role = await freshGroupRole(this.#memberships, customer.robloxId, input.groupId, this.#rankCheck);
    if (!role) {
      // Say "not found" rather than "not a member" when the group does not exist at all.
      if (!(await this.#groups.byId(input.groupId))) throw new NotFound('ROBLOX.GROUP_NOT_FOUND', 'Group not found');
      throw new Forbidden('ROBLOX.NOT_GROUP_MEMBER', NOT_A_MEMBER);
    }
    if (!canManageWithRole({ name: role.roleName, rank: role.rank }))
      throw new Forbidden('ROBLOX.NOT_GROUP_MANAGER', CANNOT_MANAGE);
    if (input.autoRank && !rankMayAutomate(role.rank, []))
      throw new Forbidden('ROBLOX.AUTOMATION_NOT_PERMITTED', AUTOMATION_NOT_PERMITTED);
    if (await this.#connected.find(input.groupId))
      throw new Conflict('ROBLOX.GROUP_ALREADY_CONNECTED', ALREADY_CONNECTED);
    const [info, roles] = await Promise.all([this.#groups.byId(input.groupId), this.#groups.rolesOf(input.groupId)]);
    if (!info) throw new NotFound('ROBLOX.GROUP_NOT_FOUND', 'Group not found');
    const chosen = new Map(input.rankPermissions.map((permission) => [permission.rankId, permission]));
    const activityKey = this.#random.activityKey();
    const group = await this.#connected.add(
      {
        groupId: info.id,
        name: info.name,
        description: info.description,
        memberCount: info.memberCount,
        ownerUserId: info.owner?.userId ?? null,
        ownerName: info.owner?.username ?? null,
        ownerDisplayName: info.owner?.displayName ?? null,
        isVerified: true,
        hasVerifiedBadge: info.hasVerifiedBadge,
        publicEntryAllowed: info.publicEntryAllowed,
        buildersClubMembersOnly: info.buildersClubMembersOnly,
        activityTracking: input.activityTracking,
        autoRank: input.autoRank,
        quotaSystem: input.quotaSystem,
        settings: {
          autoPromotions: input.autoRank,
          authorizedRoles: [role.roleName],
          themeColor: DEFAULT_THEME_COLOR,
          homeWidgets: DEFAULT_HOME_WIDGETS,
        },
        activityKey,
        connectedBy: customer.id,
        ranks: roles.map((rank) => {
          const permission = chosen.get(rank.rank);
          const permissions = Object.fromEntries(
            RANK_PERMISSION_KEYS.map((key) => [
              key,
              permission ? permission[key] : key === 'canAccessWorkspace' && canManageWithRole(rank),
            ]),
          );
          return { rankId: rank.rank, rankName: rank.name, memberCount: rank.memberCount, permissions };
        }),
      },
      {
        userId: customer.robloxId,
        username: customer.robloxUsername,
        displayName: null,
        rankId: role.rank,
        rankName: role.roleName,
      },
    );
    return { ...group, activityKey };
  }
}
