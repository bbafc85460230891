import type { StaffSessions } from '@groupflow/core';
import type { Orm } from '../database.ts';
import { StaffSession } from '../entities/index.ts';

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

  async findValid(tokenHash: string, now: Date): Promise<number | null> {
    // Plain row: every staff call passes here.
    const [row] = await this.#orm.em
      .getConnection()
      .execute<{ staff_user_id: number }[]>('select staff_user_id from staff_sessions where token_hash = ? and expires_at > ?', [
        tokenHash,
        now,
      ]);
    return row?.staff_user_id ?? null;
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
