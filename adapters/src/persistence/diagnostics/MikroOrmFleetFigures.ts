import type { BotCounts, BotFleet, ConnectedUsers } from '@groupflow/core';
import type { Orm } from '../database.ts';

/**
 * What the database knows of bots and customers today: the `bots` rows (is_online, last_online as the bot's
 * heartbeat) and the live rows of `customer_sessions` that carry a signed-in customer.
 */
export class MikroOrmFleetFigures implements BotFleet, ConnectedUsers {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async counts(): Promise<BotCounts> {
    const [row] = await this.#orm.em
      .getConnection()
      .execute<{ total: string; active: string }[]>(
        'select count(*) as total, count(*) filter (where is_online) as active from bots',
      );
    return { totalBots: Number(row?.total ?? 0), activeBots: Number(row?.active ?? 0) };
  }

  async count(): Promise<number> {
    const [row] = await this.#orm.em.getConnection().execute<{ users: string }[]>(
      `select count(distinct data->>'customerId') as users from customer_sessions
          where expires_at > now() and data->>'customerId' is not null`,
    );
    return Number(row?.users ?? 0);
  }
}
