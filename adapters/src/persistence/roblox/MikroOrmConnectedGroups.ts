import { createHash } from 'node:crypto';
import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import {
  Conflict,
  type ConnectedGroup,
  type ConnectedGroups,
  type ConnectedRank,
  type NewConnectedGroup,
  type NewGroupMember,
  type StoredWorkspaceSettings,
} from '@groupflow/core';
import { ACTIVITY_KEY_PREFIX_LENGTH, DEFAULT_HOME_WIDGETS, DEFAULT_THEME_COLOR } from '@groupflow/core/contracts';
import type { Orm } from '../database.ts';
import {
  GroupMember,
  GroupRank,
  RobloxGroup,
  type GroupRankRecord,
  type RobloxGroupRecord,
} from '../entities/groups.ts';

const DEFAULT_SETTINGS: StoredWorkspaceSettings = {
  autoPromotions: false,
  authorizedRoles: [],
  themeColor: DEFAULT_THEME_COLOR,
  homeWidgets: DEFAULT_HOME_WIDGETS,
};

/**
 * What is stored of an activity key: its SHA-256 (a key of 32 random bytes cannot be found from it, so no slow hash
 * is needed) and its first characters for display.
 */
const storedKey = (key: string) => ({
  activityKeyHash: createHash('sha256').update(key).digest('hex'),
  activityKeyPrefix: key.slice(0, ACTIVITY_KEY_PREFIX_LENGTH),
});

function toGroup(row: RobloxGroupRecord, ranks: GroupRankRecord[]): ConnectedGroup {
  return {
    groupId: row.groupId,
    name: row.name,
    description: row.description ?? '',
    memberCount: row.memberCount,
    ownerUserId: row.ownerUserId ?? null,
    ownerName: row.ownerName ?? null,
    ownerDisplayName: row.ownerDisplayName ?? null,
    isVerified: row.isVerified,
    hasVerifiedBadge: row.hasVerifiedBadge,
    publicEntryAllowed: row.publicEntryAllowed,
    buildersClubMembersOnly: row.buildersClubMembersOnly,
    activityTracking: row.activityTracking,
    autoRank: row.autoRank,
    quotaSystem: row.quotaSystem,
    settings: { ...DEFAULT_SETTINGS, ...(row.settings as Partial<StoredWorkspaceSettings> | null) },
    activityKeyPrefix: row.activityKeyPrefix ?? '',
    connectedBy: row.connectedBy ?? null,
    createdAt: row.createdAt,
    ranks: ranks
      .filter((rank) => rank.groupId === row.groupId)
      .sort((a, b) => a.rankId - b.rankId)
      .map((rank): ConnectedRank => ({
        rankId: rank.rankId,
        rankName: rank.name,
        memberCount: rank.memberCount,
        permissions: rank.permissions ?? {},
      })),
  };
}

/**
 * Connected groups are roblox_groups rows holding an activity key's hash (rows other areas write without one, e.g. a
 * group bound to a Discord server, are not connected), with their ranks in group_ranks.
 */
export class MikroOrmConnectedGroups implements ConnectedGroups {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async find(groupId: string) {
    const row = await this.#orm.em.findOne(RobloxGroup, { groupId, activityKeyHash: { $ne: null } });
    if (!row) return null;
    return toGroup(row, await this.#orm.em.find(GroupRank, { groupId }));
  }

  async add({ activityKey, ...group }: NewConnectedGroup, connector: NewGroupMember) {
    try {
      await this.#orm.em.transactional(async (em) => {
        const fields = {
          name: group.name,
          description: group.description,
          memberCount: group.memberCount,
          ownerUserId: group.ownerUserId,
          ownerName: group.ownerName,
          ownerDisplayName: group.ownerDisplayName,
          isVerified: group.isVerified,
          hasVerifiedBadge: group.hasVerifiedBadge,
          publicEntryAllowed: group.publicEntryAllowed,
          buildersClubMembersOnly: group.buildersClubMembersOnly,
          activityTracking: group.activityTracking,
          autoRank: group.autoRank,
          quotaSystem: group.quotaSystem,
          settings: { ...group.settings },
          ...storedKey(activityKey),
          connectedBy: group.connectedBy,
        };
        // A row another area wrote (without a key) becomes connected; a connected one is a conflict.
        const existing = await em.findOne(
          RobloxGroup,
          { groupId: group.groupId },
          { lockMode: LockMode.PESSIMISTIC_WRITE },
        );
        if (existing?.activityKeyHash)
          throw new Conflict('ROBLOX.GROUP_ALREADY_CONNECTED', 'This group is already connected to GroupFlow');
        if (existing) em.assign(existing, fields);
        else em.create(RobloxGroup, { groupId: group.groupId, ...fields });
        for (const rank of group.ranks) {
          await em.upsert(GroupRank, {
            groupId: group.groupId,
            rankId: rank.rankId,
            name: rank.rankName,
            memberCount: rank.memberCount,
            isOwner: rank.rankId === 255,
            permissions: rank.permissions,
          });
        }
        await em.upsert(GroupMember, { groupId: group.groupId, ...connector });
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException)
        throw new Conflict('ROBLOX.GROUP_ALREADY_CONNECTED', 'This group is already connected to GroupFlow');
      throw error;
    }
    return (await this.find(group.groupId))!;
  }

  async listFor(customerId: number, groupIds: string[]) {
    const rows = await this.#orm.em.find(
      RobloxGroup,
      { activityKeyHash: { $ne: null }, $or: [{ connectedBy: customerId }, { groupId: { $in: groupIds } }] },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    if (rows.length === 0) return [];
    const ranks = await this.#orm.em.find(GroupRank, { groupId: { $in: rows.map((row) => row.groupId) } });
    return rows.map((row) => toGroup(row, ranks));
  }

  async update(
    groupId: string,
    changes: Partial<Pick<ConnectedGroup, 'activityTracking' | 'quotaSystem' | 'autoRank' | 'settings'>> & {
      activityKey?: string;
    },
  ) {
    const row = await this.#orm.em.findOneOrFail(RobloxGroup, { groupId, activityKeyHash: { $ne: null } });
    if (changes.activityTracking !== undefined) row.activityTracking = changes.activityTracking;
    if (changes.quotaSystem !== undefined) row.quotaSystem = changes.quotaSystem;
    if (changes.autoRank !== undefined) row.autoRank = changes.autoRank;
    if (changes.settings) row.settings = { ...changes.settings };
    if (changes.activityKey) Object.assign(row, storedKey(changes.activityKey));
    await this.#orm.em.flush();
    return toGroup(row, await this.#orm.em.find(GroupRank, { groupId }));
  }

  async withAutoPromotion(): Promise<string[]> {
    const rows = await this.#orm.em.getConnection().execute<{ group_id: string }[]>(
      `select group_id from roblox_groups where activity_key_hash is not null
           and (auto_rank or coalesce((settings->>'autoPromotions')::boolean, false))`,
    );
    return rows.map((row) => row.group_id);
  }

  async withQuotaSystem(): Promise<string[]> {
    const rows = await this.#orm.em.find(
      RobloxGroup,
      { quotaSystem: true, activityKeyHash: { $ne: null } },
      { fields: ['groupId'] },
    );
    return rows.map((row) => row.groupId);
  }

  async activityKeyHolder(groupId: string, presentedKey: string) {
    // Looked up by the presented key's hash: timing can tell an attacker only about hashes, which they cannot aim.
    const rows = await this.#orm.em
      .getConnection()
      .execute<{ activity_tracking: boolean }[]>(
        'select activity_tracking from roblox_groups where group_id = ? and activity_key_hash = ?',
        [groupId, storedKey(presentedKey).activityKeyHash],
      );
    return rows[0] ? { activityTracking: rows[0].activity_tracking } : null;
  }
}
