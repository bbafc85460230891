import type { MemberVouch, MemberVouches } from '@groupflow/core';
import type { Orm } from '../database.ts';
import { entityManager } from '../entityManager.ts';
import { GuildVouch } from '../entities/index.ts';

/** `guild_vouches`: one vouch per server and member, replaced when a manager vouches again. */
export class MikroOrmMemberVouches implements MemberVouches {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async record(vouches: MemberVouch[]) {
    if (!vouches.length) return;
    // One statement: every server's vouch is written, or none.
    await entityManager(this.#orm).upsertMany(
      GuildVouch,
      vouches.map((vouch) => ({
        guildId: vouch.guildId,
        user: vouch.customerId,
        robloxId: vouch.robloxId,
        robloxUsername: vouch.robloxUsername,
        vouchedBy: vouch.vouchedBy,
        vouchedAt: vouch.vouchedAt,
      })),
    );
  }

  async of(customerIds: number[], guildIds: string[]) {
    if (!customerIds.length || !guildIds.length) return [];
    const rows = await entityManager(this.#orm).find(
      GuildVouch,
      { user: { $in: customerIds }, guildId: { $in: guildIds } },
      { orderBy: { vouchedAt: 'desc' } },
    );
    return rows.map((row) => ({
      guildId: row.guildId,
      customerId: row.user.id,
      robloxId: row.robloxId,
      robloxUsername: row.robloxUsername,
      vouchedBy: row.vouchedBy,
      vouchedAt: row.vouchedAt,
    }));
  }
}
