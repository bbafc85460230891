import { describe, expect, it } from 'vitest';
import type { RoleSyncQueue } from '../ports.ts';
import { InMemoryDiscord, makeGuild } from '../testing/fakes.ts';
import { SyncUserEverywhere } from './syncUserEverywhere.ts';

describe('SyncUserEverywhere', () => {
  it('queues one sync per guild the user is a member of, none for the others', async () => {
    const discord = new InMemoryDiscord()
      .addGuild(makeGuild({ id: 'g1' }))
      .addGuild(makeGuild({ id: 'g2' }))
      .addGuild(makeGuild({ id: 'g3' }));
    for (const guildId of ['g1', 'g3'])
      discord.addMember(guildId, { id: 'u1', username: 'u', globalName: null, nick: null, roleIds: [] });
    const queued: unknown[] = [];
    const queue: RoleSyncQueue = {
      enqueue: async (request) => void queued.push(request),
      enqueueForUser: async () => {},
    };
    await expect(new SyncUserEverywhere({ discord, queue }).execute('u1')).resolves.toBe(2);
    expect(queued).toEqual([
      { guildId: 'g1', discordUserId: 'u1' },
      { guildId: 'g3', discordUserId: 'u1' },
    ]);
  });
});
