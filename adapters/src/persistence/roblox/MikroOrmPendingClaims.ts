import type { PendingClaim, PendingClaims } from '@groupflow/core';
import type { Orm } from '../database.ts';
import { RobloxClaim } from '../entities/index.ts';

/** `roblox_claims`: one pending (unproven) Roblox account per customer, kept apart from the proven link in users. */
export class MikroOrmPendingClaims implements PendingClaims {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async find(customerId: number, now: Date) {
    const row = await this.#orm.em.findOne(RobloxClaim, { user: customerId, expiresAt: { $gt: now } });
    return row
      ? { customerId, robloxId: row.robloxId, robloxUsername: row.robloxUsername, expiresAt: row.expiresAt }
      : null;
  }

  async put(claim: PendingClaim) {
    await this.#orm.em.upsert(RobloxClaim, {
      user: claim.customerId,
      robloxId: claim.robloxId,
      robloxUsername: claim.robloxUsername,
      createdAt: new Date(),
      expiresAt: claim.expiresAt,
    });
  }

  async remove(customerId: number) {
    await this.#orm.em.nativeDelete(RobloxClaim, { user: customerId });
  }

  async releaseAccount(robloxId: string) {
    await this.#orm.em.nativeDelete(RobloxClaim, { robloxId });
  }
}
