import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { isBotOnline, type BotGuild } from '@groupflow/core';
import { openDatabase, type Orm } from '../database.ts';
import { MikroOrmBotState } from './MikroOrmBotState.ts';

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
  await orm.em.fork().getConnection().execute('truncate bot_shards, bot_guilds, bot_command_usage');
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
