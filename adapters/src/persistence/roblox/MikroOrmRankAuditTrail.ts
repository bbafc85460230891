import type { NewRankChange, RankAuditTrail, RankChange, RankChangeSource } from '@groupflow/core';
import type { Orm } from '../database.ts';
import { GroupRankChange, type GroupRankChangeRecord } from '../entities/workspace.ts';

const toChange = (row: GroupRankChangeRecord): RankChange => ({
  id: row.id,
  groupId: row.groupId,
  actorName: row.actorName,
  actorRobloxId: row.actorRobloxId ?? null,
  targetUserId: row.targetUserId,
  targetName: row.targetName,
  fromRank: row.fromRank ?? null,
  fromRoleName: row.fromRoleName ?? null,
  toRank: row.toRank,
  toRoleName: row.toRoleName,
  reason: row.reason,
  source: row.source as RankChangeSource,
  result: row.result as RankChange['result'],
  error: row.error ?? null,
  createdAt: row.createdAt,
});

/** group_rank_changes: written once per attempt, never changed. */
export class MikroOrmRankAuditTrail implements RankAuditTrail {
  readonly #orm: Orm;

  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async record(entry: NewRankChange): Promise<RankChange> {
    const em = this.#orm.em.fork();
    const row = em.create(GroupRankChange, entry);
    // Its own unit of work: a failed change is audited even when the request around it ends in an error.
    await em.flush();
    return toChange(row);
  }

  async list(groupId: string, limit: number): Promise<RankChange[]> {
    const rows = await this.#orm.em.find(
      GroupRankChange,
      { groupId },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit },
    );
    return rows.map(toChange);
  }
}
