import type { CustomerGuildLists, GuildMemberAccount, MemberFilter, UserGuild } from '@groupflow/core';
import type { Orm } from '../database.ts';
import { entityManager } from '../entityManager.ts';
import { CustomerGuild, CustomerGuildFetch, User } from '../entities/index.ts';
import { toCustomer } from '../customer/MikroOrmCustomerRepository.ts';

/** `customer_guilds`: each customer's last guild list, replaced whole on every fetch. */
export class MikroOrmCustomerGuildLists implements CustomerGuildLists {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async read(customerId: number): Promise<{ guilds: UserGuild[]; fetchedAt: Date } | null> {
    const em = entityManager(this.#orm);
    const fetch = await em.findOne(CustomerGuildFetch, { user: customerId });
    if (!fetch) return null;
    const rows = await em.find(CustomerGuild, { user: customerId }, { orderBy: { name: 'asc', guildId: 'asc' } });
    return {
      guilds: rows.map((row) => ({
        id: row.guildId,
        name: row.name,
        icon: row.icon ?? null,
        owner: row.owner,
        permissions: row.permissions,
        approximateMemberCount: row.approximateMemberCount ?? null,
        approximatePresenceCount: row.approximatePresenceCount ?? null,
      })),
      fetchedAt: fetch.fetchedAt,
    };
  }

  async replace(customerId: number, guilds: UserGuild[], fetchedAt: Date): Promise<void> {
    await entityManager(this.#orm).transactional(async (em) => {
      await em.nativeDelete(CustomerGuild, { user: customerId });
      if (guilds.length) {
        await em.insertMany(
          CustomerGuild,
          guilds.map((guild) => ({
            user: customerId,
            guildId: guild.id,
            name: guild.name,
            icon: guild.icon,
            owner: guild.owner,
            permissions: guild.permissions,
            approximateMemberCount: guild.approximateMemberCount,
            approximatePresenceCount: guild.approximatePresenceCount,
          })),
        );
      }
      await em.upsert(CustomerGuildFetch, { user: customerId, fetchedAt });
    });
  }

  async membersOf(guildIds: string[], filter: MemberFilter = {}): Promise<GuildMemberAccount[]> {
    if (!guildIds.length) return [];
    const em = entityManager(this.#orm);
    const inGuilds = guildIds.map(() => '?').join(', ');
    const params: unknown[] = [...guildIds];
    let where = '';
    if (filter.onlyLinked) {
      // A vouch in one of these servers counts there like a link (issue 22).
      where += ` and u.discord_id is not null and not u.is_banned and (u.roblox_id is not null or exists
        (select 1 from guild_vouches v where v.user_id = u.id and v.guild_id in (${inGuilds})))`;
      params.push(...guildIds);
    }
    if (filter.customerId !== undefined) {
      where += ' and u.id = ?';
      params.push(filter.customerId);
    }
    let limit = '';
    if (filter.limit !== undefined) {
      limit = ' limit ?';
      params.push(filter.limit);
    }
    // Online means holding a live website session (the sessions table keeps customerId in its JSON).
    const rows = await em.getConnection().execute<{ id: number; is_online: boolean }[]>(
      `select u.id, exists (select 1 from customer_sessions s
                             where s.expires_at > now() and s.data -> 'customerId' = to_jsonb(u.id)) as is_online
         from users u
        where u.id in (select user_id from customer_guilds where guild_id in (${inGuilds}))${where}
        order by u.id${limit}`,
      params,
    );
    if (!rows.length) return [];
    const users = await em.find(User, { id: { $in: rows.map((row) => row.id) } });
    const byId = new Map(users.map((user) => [user.id, toCustomer(user)]));
    return rows.flatMap((row) => {
      const customer = byId.get(row.id);
      return customer ? [{ customer, isOnline: row.is_online }] : [];
    });
  }
}
