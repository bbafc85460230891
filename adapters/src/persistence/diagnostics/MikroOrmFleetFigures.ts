import type { BotCounts, BotFleet, ConnectedUsers, ServiceCheck, ServiceCheckResult } from '@groupflow/core';
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

/**
 * The Discord bot as its heartbeat in the `bots` table shows it: operational when a bot marked online has
 * reported within `staleAfterMs`, down when bots exist but none has, unknown while no bot is registered.
 */
export class MikroOrmBotHeartbeatCheck implements ServiceCheck {
  readonly name = 'Discord Bot';
  readonly description = 'Role sync, verification and commands in Discord servers';
  readonly critical = false;
  readonly #orm: Orm;
  readonly #staleAfterMs: number;

  constructor(orm: Orm, staleAfterMs: number) {
    this.#orm = orm;
    this.#staleAfterMs = staleAfterMs;
  }

  async check(): Promise<ServiceCheckResult> {
    const started = performance.now();
    const [row] = await this.#orm.em.getConnection().execute<{ total: string; fresh: string }[]>(
      `select count(*) as total,
              count(*) filter (where is_online and last_online > now() - (? * interval '1 millisecond')) as fresh
         from bots`,
      [this.#staleAfterMs],
    );
    const responseTimeMs = Math.round(performance.now() - started);
    if (Number(row?.total ?? 0) === 0) return { status: 'unknown', responseTimeMs, detail: 'No bot is registered yet' };
    if (Number(row?.fresh ?? 0) === 0) {
      return {
        status: 'down',
        responseTimeMs,
        detail: `No bot heartbeat in the last ${Math.round(this.#staleAfterMs / 1000)} s`,
      };
    }
    return { status: 'operational', responseTimeMs, detail: null };
  }
}
