import type { CustomerDirectory, CustomerMatch } from '@groupflow/core';
import type { Orm } from '../database.ts';
import { User } from '../entities/customer.ts';
import { literalLike } from '../likePattern.ts';

/** The customer picker's search over the users table: names only, a few fields only. */
export class MikroOrmCustomerDirectory implements CustomerDirectory {
  readonly #orm: Orm;

  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async searchByName(text: string, limit: number): Promise<CustomerMatch[]> {
    const like = `%${literalLike(text)}%`;
    const rows = await this.#orm.em.find(
      User,
      { $or: [{ username: { $ilike: like } }, { robloxUsername: { $ilike: like } }] },
      { fields: ['id', 'username', 'robloxUsername'], orderBy: { username: 'asc', id: 'asc' }, limit },
    );
    return rows.map((row) => ({ id: row.id, username: row.username, robloxUsername: row.robloxUsername ?? null }));
  }
}
