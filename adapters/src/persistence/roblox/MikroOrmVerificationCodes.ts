import type { VerificationCodes } from '@groupflow/core';
import type { Orm } from '../database.ts';
import { RobloxVerificationCode } from '../entities/roblox.ts';

/** One pending code per customer in roblox_verification_codes; a new code replaces the old one. */
export class MikroOrmVerificationCodes implements VerificationCodes {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async put(entry: { customerId: number; robloxId: string; code: string; expiresAt: Date }) {
    await this.#orm.em.upsert(RobloxVerificationCode, {
      userId: entry.customerId,
      robloxId: entry.robloxId,
      code: entry.code,
      expiresAt: entry.expiresAt,
    });
  }

  async find(customerId: number) {
    const row = await this.#orm.em.findOne(RobloxVerificationCode, { userId: customerId });
    return row ? { robloxId: row.robloxId, code: row.code, expiresAt: row.expiresAt } : null;
  }

  async remove(customerId: number) {
    await this.#orm.em.nativeDelete(RobloxVerificationCode, { userId: customerId });
  }
}
