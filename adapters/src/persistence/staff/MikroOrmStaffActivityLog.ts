import type { PageCursor, StaffActivity, StaffActivityEntry, StaffActivityLog } from '@groupflow/core';
import type { Orm } from '../database.ts';
import { Activity } from '../entities/index.ts';

/** Staff entries share the activities table with customer activity, told apart by a staff user id or a `staff` type prefix. */
export class MikroOrmStaffActivityLog implements StaffActivityLog {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async record(entry: StaffActivityEntry): Promise<void> {
    const em = this.#orm.em;
    em.create(Activity, { type: entry.type, description: entry.description, staffUserId: entry.staffUserId });
    await em.flush();
  }

  async latest(limit: number, before: PageCursor | null): Promise<StaffActivity[]> {
    const rows = await this.#orm.em.find(
      Activity,
      before === null ? { staffUserId: { $ne: null } } : { staffUserId: { $ne: null }, id: { $lt: before.id } },
      { orderBy: { id: 'desc' }, limit },
    );
    return rows.map((row) => ({
      id: row.id,
      staffUserId: row.staffUserId ?? null,
      type: row.type,
      description: row.description,
      createdAt: row.createdAt,
    }));
  }
}
