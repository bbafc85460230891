import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PostgresMemberSyncLocks } from './PostgresMemberSyncLocks.ts';

// Two instances stand for two bot processes: they share nothing but the database.
let first: PostgresMemberSyncLocks;
let second: PostgresMemberSyncLocks;

beforeAll(() => {
  const settings = { connectionString: inject('databaseUrl'), maxConnections: 4, waitTimeoutMs: 5_000 };
  first = new PostgresMemberSyncLocks(settings);
  second = new PostgresMemberSyncLocks(settings);
});
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PostgresMemberSyncLocks across processes', () => {
  it('runs the syncs of one server member one at a time, whichever process runs them', async () => {
    const events: string[] = [];
    const sync = (locks: PostgresMemberSyncLocks, name: string) =>
      locks.exclusive({ guildId: '10', discordUserId: '20' }, async () => {
        events.push(`${name} read`);
        await pause(50);
        events.push(`${name} write`);
      });
    await Promise.all([sync(first, 'a'), sync(second, 'b'), sync(first, 'c')]);
    // Each read is followed by its own write before anyone else reads.
    for (let index = 0; index < events.length; index += 2) {
      expect(events[index + 1]).toBe(events[index]!.replace('read', 'write'));
    }
    expect(events).toHaveLength(6);
  });

  it('lets different members and servers run side by side, and frees the lock when a sync throws', async () => {
    const running: string[] = [];
    let overlap = false;
    const sync = (locks: PostgresMemberSyncLocks, guildId: string, discordUserId: string) =>
      locks.exclusive({ guildId, discordUserId }, async () => {
        running.push(`${guildId}/${discordUserId}`);
        await pause(50);
        overlap ||= running.length > 1;
        running.splice(running.indexOf(`${guildId}/${discordUserId}`), 1);
      });
    await Promise.all([sync(first, '10', '21'), sync(second, '10', '22'), sync(second, '11', '21')]);
    expect(overlap).toBe(true);

    await expect(
      first.exclusive({ guildId: '10', discordUserId: '23' }, () => Promise.reject(new Error('Discord failed'))),
    ).rejects.toThrow('Discord failed');
    await expect(second.exclusive({ guildId: '10', discordUserId: '23' }, async () => 'next')).resolves.toBe('next');
  });

  it('gives up waiting after the wait timeout instead of queueing forever behind a stuck sync', async () => {
    const impatient = new PostgresMemberSyncLocks({
      connectionString: inject('databaseUrl'),
      maxConnections: 1,
      waitTimeoutMs: 100,
    });
    try {
      const stuck = first.exclusive({ guildId: '12', discordUserId: '30' }, () => pause(600));
      await pause(50);
      await expect(impatient.exclusive({ guildId: '12', discordUserId: '30' }, async () => 'ran')).rejects.toThrow(
        /lock timeout/,
      );
      await stuck;
    } finally {
      await impatient.close();
    }
  });
});
