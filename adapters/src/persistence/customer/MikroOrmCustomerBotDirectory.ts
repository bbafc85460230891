import type { CustomerBot, CustomerBotDirectory, CustomerServer, CustomerStats, CustomerStatsSource } from '@groupflow/core';
import type { Orm } from '../database.ts';
import { Bot } from '../entities/customer.ts';
import { DiscordServerConfig } from '../entities/servers.ts';

/** Bots by their creator, their servers by guild id, and the profile figures counted from the same rows. */
export class MikroOrmCustomerBotDirectory implements CustomerBotDirectory, CustomerStatsSource {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async botsOf(customerId: number): Promise<CustomerBot[]> {
    const rows = await this.#orm.em.find(Bot, { createdBy: customerId }, { orderBy: { id: 'asc' } });
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      status: row.isOnline ? 'online' : 'offline',
      isOnline: row.isOnline,
      serverId: row.guildId ?? null,
      createdAt: row.createdAt,
    }));
  }

  async serversOf(customerId: number): Promise<CustomerServer[]> {
    const bots = await this.#orm.em.find(Bot, { createdBy: customerId, guildId: { $ne: null } });
    const guildIds = [...new Set(bots.map((bot) => bot.guildId!))];
    if (!guildIds.length) return [];
    const configs = await this.#orm.em.find(DiscordServerConfig, { guildId: { $in: guildIds } });
    const nameOf = new Map(configs.map((config) => [config.guildId, config.guildName ?? null]));
    return guildIds.map((guildId) => ({
      id: guildId,
      name: nameOf.get(guildId) ?? `Server ${guildId}`,
      icon: null,
      // Member counts come from the bot's gateway connection, which this process does not hold.
      memberCount: 0,
      botConnected: bots.some((bot) => bot.guildId === guildId && bot.isOnline),
    }));
  }

  async statsFor(customerId: number): Promise<CustomerStats> {
    const [row] = await this.#orm.em.getConnection().execute<{ total: string; active: string; commands: string }[]>(
      `select count(*) as total,
              count(*) filter (where b.is_online) as active,
              coalesce((select sum(c.usage_count) from commands c join bots cb on cb.id = c.bot_id
                        where cb.created_by_id = ?), 0) as commands
         from bots b where b.created_by_id = ?`,
      [customerId, customerId],
    );
    return { totalBots: Number(row?.total ?? 0), activeBots: Number(row?.active ?? 0), totalCommands: Number(row?.commands ?? 0) };
  }
}
