import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { Conflict, type Customer, type CustomerRepository, type NewCustomer } from '@groupflow/core';
import type { Orm } from '../database.ts';
import { User, type UserRecord } from '../entities/customer.ts';

export function toCustomer(row: UserRecord): Customer {
  return {
    id: row.id,
    username: row.username,
    email: row.email ?? null,
    discordId: row.discordId ?? null,
    avatar: row.avatar ?? null,
    discriminator: row.discriminator ?? null,
    robloxId: row.robloxId ?? null,
    robloxUsername: row.robloxUsername ?? null,
    isVerified: row.isVerified,
    isBanned: row.isBanned,
    bannedReason: row.bannedReason ?? null,
    createdAt: row.createdAt,
  };
}

type CustomerRow = Omit<Customer, 'createdAt'> & { createdAt: Date | string };

const SELECT_CUSTOMER = `select id, username, email, discord_id as "discordId", avatar, discriminator, roblox_id as "robloxId",
  roblox_username as "robloxUsername", is_verified as "isVerified", is_banned as "isBanned", banned_reason as "bannedReason", created_at as "createdAt" from users`;

/** Customers in the users table, through the request's own entity manager. */
export class MikroOrmCustomerRepository implements CustomerRepository {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  /** Read on every signed-in call: one plain row, no entity in the identity map. */
  async findById(id: number) {
    const [row] = await this.#orm.em.getConnection().execute<CustomerRow[]>(`${SELECT_CUSTOMER} where id = ?`, [id]);
    return row ? { ...row, createdAt: new Date(row.createdAt) } : null;
  }

  async findByDiscordId(discordId: string) {
    const row = await this.#orm.em.findOne(User, { discordId });
    return row ? toCustomer(row) : null;
  }

  async findByRobloxId(robloxId: string) {
    const row = await this.#orm.em.findOne(User, { robloxId });
    return row ? toCustomer(row) : null;
  }

  async create(customer: NewCustomer) {
    const row = this.#orm.em.create(User, {
      username: customer.username,
      email: customer.email,
      discordId: customer.discordId,
      avatar: customer.avatar,
      discriminator: customer.discriminator,
      robloxId: customer.robloxId,
      robloxUsername: customer.robloxUsername,
      isVerified: customer.isVerified,
    });
    await this.#orm.em.flush();
    return toCustomer(row);
  }

  async save(customer: Customer) {
    const row = await this.#orm.em.findOneOrFail(User, { id: customer.id });
    row.username = customer.username;
    row.email = customer.email;
    row.discordId = customer.discordId;
    row.avatar = customer.avatar;
    row.discriminator = customer.discriminator;
    row.robloxId = customer.robloxId;
    row.robloxUsername = customer.robloxUsername;
    row.isVerified = customer.isVerified;
    try {
      await this.#orm.em.flush();
    } catch (error) {
      // Two users linking the same Roblox account at once: the unique index decides, the loser hears why.
      if (error instanceof UniqueConstraintViolationException)
        throw new Conflict('ROBLOX.ACCOUNT_TAKEN', 'This Roblox account is already linked to another user');
      throw error;
    }
  }
}
