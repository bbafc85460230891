import type { StoredGroupRanks } from '@groupflow/core';
import type { Orm } from '../database.ts';
import { entityManager } from '../entityManager.ts';
import { GroupMember, RobloxGroup } from '../entities/index.ts';

/** `group_members`: the ranks GroupFlow keeps of connected groups' rosters, read without asking Roblox. */
export class MikroOrmStoredGroupRanks implements StoredGroupRanks {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async of(robloxIds: string[], groupIds: string[]) {
    if (!robloxIds.length || !groupIds.length) return [];
    const em = entityManager(this.#orm);
    const [rows, groups] = await Promise.all([
      em.find(
        GroupMember,
        { userId: { $in: robloxIds }, groupId: { $in: groupIds }, rankId: { $gt: 0 } },
        { fields: ['userId', 'groupId', 'rankId', 'rankName'] },
      ),
      em.find(RobloxGroup, { groupId: { $in: groupIds } }, { fields: ['groupId', 'name'] }),
    ]);
    const names = new Map(groups.map((group) => [group.groupId, group.name] as const));
    return rows.map((row) => ({
      robloxId: row.userId,
      groupId: row.groupId,
      groupName: names.get(row.groupId) ?? row.groupId,
      // The roster keeps the rank's number and name, not Roblox's role id.
      roleId: String(row.rankId),
      roleName: row.rankName ?? '',
      rank: row.rankId!,
    }));
  }
}
