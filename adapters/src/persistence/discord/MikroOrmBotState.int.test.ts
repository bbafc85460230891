import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { isBotOnline, type BotGuild } from '@groupflow/core';
import { openDatabase, type Orm } from '../database.ts';
import { MikroOrmBotState } from './MikroOrmBotState.ts';
import { MikroOrmBotUptime } from '../diagnostics/MikroOrmBotUptime.ts';

let orm: Orm;
let state: MikroOrmBotState;

beforeAll(async () => {
  orm = await openDatabase(inject('databaseUrl'));
  state = new MikroOrmBotState(orm);
});
afterAll(async () => {
  await orm?.close(true);
});
beforeEach(async () => {
  await orm.em.fork().getConnection().execute('truncate bot_shards, bot_guilds, bot_command_usage, bot_uptime_minutes');
});

const guild = (id: string, name: string, memberCount = 10): BotGuild => ({
  id,
  name,
  icon: null,
  memberCount,
  joinedAt: new Date('2026-11-01T10:00:00Z'),
});

describe('MikroOrmBotState against PostgreSQL (used outside any request context, as the bot uses it)', () => {
  it('reports a shard online with its heartbeat, then offline', async () => {
    const at = new Date('2026-11-23T09:00:00Z');
    await state.reportOnline({ shardId: 0, botUserId: '900', botName: 'GroupFlow' }, at);
    await state.heartbeat(0, new Date('2026-11-23T09:00:20Z'));
    let snapshot = await state.read();
    expect(snapshot.shards).toEqual([
      {
        shardId: 0,
        online: true,
        lastHeartbeatAt: new Date('2026-11-23T09:00:20Z'),
        botUserId: '900',
        botName: 'GroupFlow',
      },
    ]);
    expect(isBotOnline(snapshot, new Date('2026-11-23T09:00:45Z'), 30_000)).toBe(true);
    expect(isBotOnline(snapshot, new Date('2026-11-23T09:00:51Z'), 30_000)).toBe(false);

    await state.reportOffline(0, new Date('2026-11-23T09:00:30Z'));
    snapshot = await state.read();
    expect(snapshot.shards[0]?.online).toBe(false);
    expect(isBotOnline(snapshot, new Date('2026-11-23T09:00:31Z'), 30_000)).toBe(false);
  });

  it('upserts, replaces per shard and removes guilds', async () => {
    await state.upsertGuild(0, guild('1', 'Alpha'));
    await state.upsertGuild(1, guild('2', 'Bravo'));
    await state.upsertGuild(0, { ...guild('1', 'Alpha renamed', 42), icon: 'abc' });
    expect((await state.read()).guilds).toEqual([
      { ...guild('1', 'Alpha renamed', 42), icon: 'abc' },
      guild('2', 'Bravo'),
    ]);

    // Shard 0 came back without guild 1 (removed while away) and with guild 3; shard 1's guild stays.
    await state.replaceGuilds(0, [guild('3', 'Charlie')]);
    expect((await state.read()).guilds.map((item) => item.id)).toEqual(['2', '3']);

    await state.removeGuild('2');
    expect((await state.read()).guilds.map((item) => item.id)).toEqual(['3']);
    await state.replaceGuilds(0, []);
    expect((await state.read()).guilds).toEqual([]);
  });

  it('counts command uses per guild per hour, concurrently without losing any', async () => {
    const now = new Date('2026-11-23T09:30:00Z');
    await Promise.all(Array.from({ length: 20 }, () => state.countCommandUse('1', now)));
    await state.countCommandUse('2', new Date('2026-11-23T08:10:00Z'));
    await state.countCommandUse('1', new Date('2026-11-22T07:59:00Z'));

    const lastDay = await state.commandsUsedSince(new Date(now.getTime() - 24 * 3_600_000));
    expect(Object.fromEntries(lastDay)).toEqual({ '1': 20, '2': 1 });
    const lastTwoDays = await state.commandsUsedSince(new Date(now.getTime() - 48 * 3_600_000));
    expect(Object.fromEntries(lastTwoDays)).toEqual({ '1': 21, '2': 1 });
  });
});

describe('bot uptime from the heartbeats', () => {
  const MINUTE = 60_000;
  const T = new Date('2026-11-25T00:00:00Z').getTime();

  it('is the share of whole minutes with a heartbeat, from the first heartbeat when the bot is younger than a window', async () => {
    const uptime = new MikroOrmBotUptime(orm);
    expect(await uptime.figures(new Date(T))).toEqual({ last24h: null, last30d: null });
    await state.reportOnline({ shardId: 0, botUserId: '900', botName: 'GroupFlow' }, new Date(T));
    // Heartbeats every 10 s for 30 minutes, then a 10-minute gap, then 20 more minutes.
    for (let at = T; at < T + 60 * MINUTE; at += 10_000) {
      if (at >= T + 30 * MINUTE && at < T + 40 * MINUTE) continue;
      await state.heartbeat(0, new Date(at));
    }
    // Read in the 61st minute: 60 whole minutes since the first heartbeat, 50 of them up.
    const figures = await uptime.figures(new Date(T + 60 * MINUTE + 5_000));
    expect(figures).toEqual({ last24h: 83.33, last30d: 83.33 });
    const rows = await orm.em
      .fork()
      .getConnection()
      .execute<{ n: string }[]>('select count(*) as n from bot_uptime_minutes');
    expect(Number(rows[0]!.n)).toBe(50);
  });

  it('looks back no further than each window, and forgets minutes older than the longest', async () => {
    const uptime = new MikroOrmBotUptime(orm);
    const DAY = 24 * 60 * MINUTE;
    // Up for the first hour of day 0, then silent until day 2, when it beats for one minute.
    for (let at = T; at < T + 60 * MINUTE; at += 30_000) await state.heartbeat(0, new Date(at));
    const later = T + 2 * DAY;
    await state.heartbeat(0, new Date(later));
    const figures = await uptime.figures(new Date(later + MINUTE));
    // Last 24 h: 1 minute up of 1,440; last 30 d (from the first heartbeat, 2 days and 1 minute ago): 61 of 2,881.
    expect(figures.last24h).toBe(0.07);
    expect(figures.last30d).toBe(Math.round((100 * 61 * 100) / 2881) / 100);
    await state.heartbeat(0, new Date(T + 31 * DAY));
    const kept = await orm.em
      .fork()
      .getConnection()
      .execute<{ n: string }[]>('select count(*) as n from bot_uptime_minutes');
    expect(Number(kept[0]!.n)).toBe(2);
  });
});
