import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { MEMBER, makeGuild } from '../testing/fakes.ts';
import { makeWorld } from '../testing/world.ts';
import { RequestServerSync } from './requestServerSync.ts';

describe('RequestServerSync', () => {
  it("queues one sync per linked member of the manager's guild, and refuses a non-manager", async () => {
    const world = makeWorld();
    world.customer(1, [makeGuild('10')]);
    world.customer(2, [makeGuild('10', MEMBER)], { robloxId: '555' });
    world.customer(3, [makeGuild('10', MEMBER)]);
    world.customer(4, [makeGuild('11', MEMBER)], { robloxId: '777' });
    for (const id of [1, 2, 3, 4]) await world.guilds.guildsOf(id);
    const sut = new RequestServerSync(world.customers, world.guilds, world.lists, world.queue);

    expect(await sut.execute(1, '10')).toEqual({ queued: 1 });
    expect(world.queue.members).toEqual([{ guildId: '10', discordUserId: '1002' }]);
    await expect(sut.execute(2, '10')).rejects.toBeInstanceOf(Forbidden);
  });
});
