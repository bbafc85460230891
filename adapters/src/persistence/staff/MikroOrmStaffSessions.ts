import type { StaffMember, StaffSessions } from '@groupflow/core';
import type { Orm } from '../database.ts';
import { StaffSession } from '../entities/index.ts';
import { memberFromRow, type StaffUserRow } from './staffMembers.ts';

export class MikroOrmStaffSessions implements StaffSessions {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async create(staffId: number, tokenHash: string, expiresAt: Date): Promise<void> {
    const em = this.#orm.em;
    // Expired rows of this member go with each new login, so the table does not grow without bound.
    await em.nativeDelete(StaffSession, { staffUserId: staffId, expiresAt: { $lte: new Date() } });
    em.create(StaffSession, { staffUserId: staffId, tokenHash, expiresAt });
    await em.flush();
  }

  async findMember(tokenHash: string, now: Date): Promise<StaffMember | null> {
    // One plain-row statement: every staff call authenticates through here.
    const [row] = await this.#orm.em.getConnection().execute<StaffUserRow[]>(
      `select u.* from staff_sessions s join staff_users u on u.id = s.staff_user_id
       where s.token_hash = ? and s.expires_at > ?`,
      [tokenHash, now],
    );
    return row === undefined ? null : memberFromRow(row);
  }

  async revoke(tokenHash: string): Promise<void> {
    await this.#orm.em.nativeDelete(StaffSession, { tokenHash });
  }

  async revokeAllFor(staffId: number, keepTokenHash?: string): Promise<void> {
    await this.#orm.em.nativeDelete(StaffSession, {
      staffUserId: staffId,
      ...(keepTokenHash === undefined ? {} : { tokenHash: { $ne: keepTokenHash } }),
    });
  }
}
