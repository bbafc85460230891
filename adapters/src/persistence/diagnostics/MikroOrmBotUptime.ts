import { BOT_UPTIME_WINDOWS_MS, type BotUptime, type BotUptimeFigures, type BotUptimeWindow } from '@groupflow/core';
import type { Orm } from '../database.ts';
import { entityManager } from '../entityManager.ts';
import { startOfMinute } from '../discord/MikroOrmBotState.ts';

const MINUTE_MS = 60_000;
/** Percent figures keep two decimals: 99.99 and 100 must read apart. */
const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * Bot uptime from `bot_uptime_minutes`: per window, the share of its whole minutes (the current, unfinished one left
 * out) in which a heartbeat was written. A bot younger than the window is measured from its first heartbeat.
 */
export class MikroOrmBotUptime implements BotUptime {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async figures(now: Date): Promise<BotUptimeFigures> {
    const until = startOfMinute(now).getTime();
    const windows = Object.entries(BOT_UPTIME_WINDOWS_MS) as [BotUptimeWindow, number][];
    const longest = Math.max(...windows.map(([, ms]) => ms));
    // One pass over the longest window: its first kept minute, and the minutes up within each window.
    const [row] = await entityManager(this.#orm)
      .getConnection()
      .execute<Record<string, string | Date | null>[]>(
        `select min(minute) as first, ${windows.map((_, index) => `count(*) filter (where minute >= ?) as w${index}`).join(', ')}
           from bot_uptime_minutes where minute >= ? and minute < ?`,
        [...windows.map(([, ms]) => new Date(until - ms)), new Date(until - longest), new Date(until)],
      );
    const first = row?.first ? new Date(row.first).getTime() : until;
    const figures = {} as BotUptimeFigures;
    windows.forEach(([name, ms], index) => {
      const start = Math.max(until - ms, first);
      const total = (until - start) / MINUTE_MS;
      figures[name] = total > 0 ? round2((100 * Number(row?.[`w${index}`] ?? 0)) / total) : null;
    });
    return figures;
  }
}
