import type { Customer, CustomerAccount, CustomerAccounts, CustomerBan, CustomerRole } from '@groupflow/core';
import type { Orm } from '../database.ts';
import { User, type UserRecord } from '../entities/customer.ts';
import { literalLike } from '../likePattern.ts';
import type { InvalidatedCache } from '../notifications/InvalidatedCache.ts';

const toAccount = (row: UserRecord): CustomerAccount => ({
  id: row.id,
  username: row.username,
  email: row.email ?? null,
  discordId: row.discordId ?? null,
  robloxId: row.robloxId ?? null,
  robloxUsername: row.robloxUsername ?? null,
  role: row.role,
  isAdmin: row.isAdmin,
  isBanned: row.isBanned,
  bannedReason: row.bannedReason ?? null,
  bannedBy: row.bannedBy ?? null,
  bannedAt: row.bannedAt ?? null,
  createdAt: row.createdAt,
});

/**
 * Customer accounts in the users table, as staff see and change them. Every change drops the customer from the
 * per-process customer cache here at once and, through its channel, on every other process (on commit), so a ban
 * is seen by the next signed-in call anywhere.
 */
export class MikroOrmCustomerAccounts implements CustomerAccounts {
  readonly #orm: Orm;
  readonly #cache: InvalidatedCache<Customer>;

  constructor(orm: Orm, cache: InvalidatedCache<Customer>) {
    this.#orm = orm;
    this.#cache = cache;
  }

  async find(id: number): Promise<CustomerAccount | null> {
    const row = await this.#orm.em.findOne(User, { id }, { refresh: true });
    return row ? toAccount(row) : null;
  }

  async search(text: string | null, limit: number): Promise<CustomerAccount[]> {
    const like = text === null ? null : `%${literalLike(text)}%`;
    const where =
      like === null
        ? {}
        : {
            $or: [
              ...(/^\d+$/.test(text ?? '') && Number.isSafeInteger(Number(text)) ? [{ id: Number(text) }] : []),
              { username: { $ilike: like } },
              { email: { $ilike: like } },
              { discordId: { $ilike: like } },
              { robloxUsername: { $ilike: like } },
            ],
          };
    const rows = await this.#orm.em.find(User, where, { orderBy: { id: 'desc' }, limit });
    return rows.map(toAccount);
  }

  async ban(id: number, ban: CustomerBan): Promise<boolean> {
    // Conditional, so of two concurrent bans one wins and the other hears Conflict; the winner's fields stay.
    const changed = await this.#orm.em.nativeUpdate(
      User,
      { id, isBanned: false },
      { isBanned: true, bannedReason: ban.reason, bannedBy: ban.bannedBy, bannedAt: ban.bannedAt },
    );
    await this.#changed(id);
    return changed === 1;
  }

  async unban(id: number): Promise<boolean> {
    const changed = await this.#orm.em.nativeUpdate(
      User,
      { id, isBanned: true },
      { isBanned: false, bannedReason: null, bannedBy: null, bannedAt: null },
    );
    await this.#changed(id);
    return changed === 1;
  }

  async setRole(id: number, role: CustomerRole): Promise<void> {
    await this.#orm.em.nativeUpdate(User, { id }, { role, isAdmin: role === 'admin' });
    await this.#changed(id);
  }

  async #changed(id: number): Promise<void> {
    await this.#cache.invalidateEverywhere(String(id));
  }
}
