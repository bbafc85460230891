import { describe, expect, it } from 'vitest';
import { isBotOnline, type BotStateSnapshot } from './botState.ts';

const snapshot = (shards: { online: boolean; at: string }[]): BotStateSnapshot => ({
  guilds: [],
  shards: shards.map((shard, shardId) => ({
    shardId,
    online: shard.online,
    lastHeartbeatAt: new Date(shard.at),
    botUserId: '1',
    botName: 'GroupFlow',
  })),
});

describe('isBotOnline', () => {
  const now = new Date('2026-11-23T10:00:30Z');
  it('is online while one online shard reported within the window', () => {
    expect(
      isBotOnline(
        snapshot([
          { online: false, at: '2026-11-23T10:00:29Z' },
          { online: true, at: '2026-11-23T10:00:00Z' },
        ]),
        now,
        30_000,
      ),
    ).toBe(true);
  });
  it('is offline when every heartbeat is older than the window, or the shards reported offline, or none exist', () => {
    expect(isBotOnline(snapshot([{ online: true, at: '2026-11-23T09:59:59Z' }]), now, 30_000)).toBe(false);
    expect(isBotOnline(snapshot([{ online: false, at: '2026-11-23T10:00:29Z' }]), now, 30_000)).toBe(false);
    expect(isBotOnline(snapshot([]), now, 30_000)).toBe(false);
  });
});
