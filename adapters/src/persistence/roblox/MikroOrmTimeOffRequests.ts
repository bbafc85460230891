import type { TimeOff, TimeOffRequests, TimeOffStatus } from '@groupflow/core';
import type { Orm } from '../database.ts';
import { GroupTimeOff, type GroupTimeOffRecord } from '../entities/workspace.ts';

const toTimeOff = (row: GroupTimeOffRecord): TimeOff => ({
  id: row.id,
  groupId: row.groupId,
  robloxUserId: row.robloxUserId,
  username: row.username,
  customerId: row.customerId,
  startDate: row.startDate,
  endDate: row.endDate,
  reason: row.reason,
  status: row.status as TimeOffStatus,
  note: row.note ?? null,
  decidedBy: row.decidedBy ?? null,
  decidedAt: row.decidedAt ?? null,
  createdAt: row.createdAt,
});

/** group_time_off; a decision is one conditional UPDATE, so two managers cannot both decide a request. */
export class MikroOrmTimeOffRequests implements TimeOffRequests {
  readonly #orm: Orm;

  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async add(request: Parameters<TimeOffRequests['add']>[0]): Promise<TimeOff> {
    const em = this.#orm.em.fork();
    const row = em.create(GroupTimeOff, { ...request, status: 'pending' });
    await em.flush();
    return toTimeOff(row);
  }

  async list(groupId: string, limit: number, robloxUserId?: string): Promise<TimeOff[]> {
    const rows = await this.#orm.em.find(
      GroupTimeOff,
      { groupId, ...(robloxUserId ? { robloxUserId } : {}) },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit },
    );
    return rows.map(toTimeOff);
  }

  async find(groupId: string, id: number): Promise<TimeOff | null> {
    const row = await this.#orm.em.findOne(GroupTimeOff, { groupId, id });
    return row ? toTimeOff(row) : null;
  }

  async decide(
    groupId: string,
    id: number,
    decision: { status: 'approved' | 'declined'; note: string | null; decidedBy: string; decidedAt: Date },
  ): Promise<TimeOff | null> {
    const em = this.#orm.em.fork();
    const changed = await em.nativeUpdate(GroupTimeOff, { groupId, id, status: 'pending' }, decision);
    if (changed === 0) return null;
    return toTimeOff(await em.findOneOrFail(GroupTimeOff, { groupId, id }));
  }

  async excusedBetween(groupId: string, firstDay: string, lastDay: string): Promise<Set<string>> {
    const rows = await this.#orm.em.find(
      GroupTimeOff,
      { groupId, status: 'approved', startDate: { $lte: lastDay }, endDate: { $gte: firstDay } },
      { fields: ['robloxUserId'] },
    );
    return new Set(rows.map((row) => row.robloxUserId));
  }
}
