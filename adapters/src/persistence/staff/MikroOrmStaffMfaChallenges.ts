import type { StaffMfaChallenges } from '@groupflow/core';
import type { Orm } from '../database.ts';
import { StaffMfaChallenge } from '../entities/index.ts';

export class MikroOrmStaffMfaChallenges implements StaffMfaChallenges {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async create(staffId: number, tokenHash: string, expiresAt: Date): Promise<void> {
    const em = this.#orm.em;
    // Expired tickets of this member go with each new one, so the table does not grow without bound.
    await em.nativeDelete(StaffMfaChallenge, { staffUser: staffId, expiresAt: { $lte: new Date() } });
    await em.insert(StaffMfaChallenge, { staffUser: staffId, tokenHash, expiresAt });
  }

  async find(tokenHash: string, now: Date): Promise<number | null> {
    const [row] = await this.#orm.em
      .getConnection()
      .execute<Array<{ staff_user_id: number }>>(
        'select staff_user_id from staff_mfa_challenges where token_hash = ? and expires_at > ?',
        [tokenHash, now],
      );
    return row?.staff_user_id ?? null;
  }

  async countAttempt(tokenHash: string, now: Date): Promise<number | null> {
    const [row] = await this.#orm.em.execute<Array<{ attempts: number }>>(
      'update staff_mfa_challenges set attempts = attempts + 1 where token_hash = ? and expires_at > ? returning attempts',
      [tokenHash, now],
    );
    return row?.attempts ?? null;
  }

  async take(tokenHash: string): Promise<boolean> {
    return (await this.#orm.em.nativeDelete(StaffMfaChallenge, { tokenHash })) === 1;
  }
}
