import { describe, expect, it } from 'vitest';
import type { Job } from 'pg-boss';
import { runBounded, shardOf } from './PgBossRoleSyncQueue.ts';

const job = (id: string, guildId: string) => ({ id, name: 'q', data: { guildId } }) as Job<{ guildId: string }>;

describe('runBounded', () => {
  it('never runs more than the per-group or total limit at once, and settles every job on its own', async () => {
    const jobs = [job('1', 'a'), job('2', 'a'), job('3', 'a'), job('4', 'b'), job('5', 'c')];
    const running = new Map<string, number>();
    let total = 0;
    let peakTotal = 0;
    let peakA = 0;
    const results = await runBounded(
      jobs,
      { total: 3, perGroup: 2 },
      (j) => j.data.guildId,
      async (j) => {
        running.set(j.data.guildId, (running.get(j.data.guildId) ?? 0) + 1);
        total++;
        peakTotal = Math.max(peakTotal, total);
        peakA = Math.max(peakA, running.get('a') ?? 0);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running.set(j.data.guildId, running.get(j.data.guildId)! - 1);
        total--;
        if (j.id === '4') throw new Error('discord down');
        return j.id;
      },
    );
    expect(peakTotal).toBe(3);
    expect(peakA).toBe(2);
    expect(results.sort((x, y) => x.id.localeCompare(y.id))).toEqual([
      { id: '1', status: 'completed', output: '1' },
      { id: '2', status: 'completed', output: '2' },
      { id: '3', status: 'completed', output: '3' },
      { id: '4', status: 'failed', output: { message: 'discord down' } },
      { id: '5', status: 'completed', output: '5' },
    ]);
  });

  it('resolves an empty batch', async () => {
    await expect(
      runBounded(
        [],
        { total: 1, perGroup: 1 },
        () => '',
        async () => undefined,
      ),
    ).resolves.toEqual([]);
  });
});

describe('shardOf', () => {
  it("follows Discord's (guild_id >> 22) % shards", () => {
    const guildId = ((5n << 22n) | 123n).toString();
    expect(shardOf(guildId, 1)).toBe(0);
    expect(shardOf(guildId, 2)).toBe(1);
    expect(shardOf(guildId, 4)).toBe(1);
  });
});
