import { BOT_UPTIME_WINDOWS_MS, type BotGuild as Guild, type BotState, type BotStateSnapshot } from '@groupflow/core';
import type { Orm } from '../database.ts';
import { entityManager } from '../entityManager.ts';
import { BotGuild, BotShard } from '../entities/index.ts';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const startOfHour = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
export const startOfMinute = (at: Date) => new Date(Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS);
/** Heartbeat minutes are kept as long as the longest uptime window looks back. */
const UPTIME_KEPT_MS = Math.max(...Object.values(BOT_UPTIME_WINDOWS_MS));

/**
 * The bot's state in `bot_shards`, `bot_guilds` and `bot_command_usage`; every heartbeat also marks its minute in
 * `bot_uptime_minutes`, the record the status page's bot uptime is counted from.
 */
export class MikroOrmBotState implements BotState {
  readonly #orm: Orm;
  /** The last minute this process marked: one insert per minute, however many shards beat in it. */
  #markedMinute = 0;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async reportOnline(presence: { shardId: number; botUserId: string; botName: string }, at: Date): Promise<void> {
    await entityManager(this.#orm).upsert(BotShard, { ...presence, online: true, lastHeartbeatAt: at });
    await this.#markUp(at);
  }

  async heartbeat(shardId: number, at: Date): Promise<void> {
    await entityManager(this.#orm).nativeUpdate(BotShard, { shardId }, { online: true, lastHeartbeatAt: at });
    await this.#markUp(at);
  }

  async #markUp(at: Date): Promise<void> {
    const minute = startOfMinute(at);
    if (minute.getTime() === this.#markedMinute) return;
    const connection = entityManager(this.#orm).getConnection();
    await connection.execute('insert into bot_uptime_minutes (minute) values (?) on conflict do nothing', [minute]);
    // Minutes older than the longest window are never read again.
    await connection.execute('delete from bot_uptime_minutes where minute < ?', [
      new Date(minute.getTime() - UPTIME_KEPT_MS),
    ]);
    this.#markedMinute = minute.getTime();
  }

  async reportOffline(shardId: number, at: Date): Promise<void> {
    await entityManager(this.#orm).nativeUpdate(BotShard, { shardId }, { online: false, lastHeartbeatAt: at });
  }

  async replaceGuilds(shardId: number, guilds: Guild[]): Promise<void> {
    await entityManager(this.#orm).transactional(async (em) => {
      await em.nativeDelete(BotGuild, { shardId, guildId: { $nin: guilds.map((guild) => guild.id) } });
      if (guilds.length)
        await em.upsertMany(
          BotGuild,
          guilds.map((guild) => row(shardId, guild)),
        );
    });
  }

  async upsertGuild(shardId: number, guild: Guild): Promise<void> {
    await entityManager(this.#orm).upsert(BotGuild, row(shardId, guild));
  }

  async removeGuild(guildId: string): Promise<void> {
    await entityManager(this.#orm).nativeDelete(BotGuild, { guildId });
  }

  async countCommandUse(guildId: string, at: Date): Promise<void> {
    // One statement, so concurrent commands (and several shards) never lose a count.
    await entityManager(this.#orm)
      .getConnection()
      .execute(
        `insert into bot_command_usage (guild_id, hour, count) values (?, ?, 1)
         on conflict (guild_id, hour) do update set count = bot_command_usage.count + 1`,
        [guildId, startOfHour(at)],
      );
  }

  async read(): Promise<BotStateSnapshot> {
    const em = entityManager(this.#orm);
    const [shards, guilds] = await Promise.all([
      em.find(BotShard, {}, { orderBy: { shardId: 'asc' } }),
      em.find(BotGuild, {}, { orderBy: { name: 'asc', guildId: 'asc' } }),
    ]);
    return {
      shards: shards.map(({ shardId, online, lastHeartbeatAt, botUserId, botName }) => ({
        shardId,
        online,
        lastHeartbeatAt,
        botUserId,
        botName,
      })),
      guilds: guilds.map(({ guildId, name, icon, memberCount, joinedAt }) => ({
        id: guildId,
        name,
        icon: icon ?? null,
        memberCount,
        joinedAt,
      })),
    };
  }

  async commandsUsedSince(since: Date): Promise<Map<string, number>> {
    const rows = await entityManager(this.#orm)
      .getConnection()
      .execute<{ guild_id: string; total: string }[]>(
        'select guild_id, sum(count) as total from bot_command_usage where hour >= ? group by guild_id',
        [startOfHour(since)],
      );
    return new Map(rows.map((item) => [item.guild_id, Number(item.total)]));
  }
}

function row(shardId: number, guild: Guild) {
  return {
    guildId: guild.id,
    shardId,
    name: guild.name,
    icon: guild.icon,
    memberCount: guild.memberCount,
    joinedAt: guild.joinedAt,
  };
}
