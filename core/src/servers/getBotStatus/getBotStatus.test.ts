import { describe, expect, it } from 'vitest';
import { MEMBER, makeGuild } from '../testing/fakes.ts';
import { NOW, SETTINGS, makeWorld } from '../testing/world.ts';
import { GetBotStatus } from './getBotStatus.ts';

function makeSut(hasToken = true) {
  const world = makeWorld();
  return {
    world,
    sut: new GetBotStatus(world.customers, world.guilds, world.bot, world.clock, { ...SETTINGS, hasToken }),
  };
}

describe('GetBotStatus', () => {
  it('counts every guild but names only those the caller manages', async () => {
    const { world, sut } = makeSut();
    world.customer(1, [makeGuild('10'), makeGuild('11', MEMBER)]);
    await world.botIn('10', '11', '12');
    expect(await sut.execute(1)).toEqual({
      hasToken: true,
      isOnline: true,
      guildCount: 3,
      connectedServers: [{ id: '10', name: 'Guild 10', memberCount: 25 }],
    });
    expect((await sut.execute(undefined)).connectedServers).toEqual([]);
  });

  it('reports no token, and offline when no shard ever reported or the heartbeat is stale', async () => {
    const { world, sut } = makeSut(false);
    expect(await sut.execute(undefined)).toEqual({
      hasToken: false,
      isOnline: false,
      guildCount: 0,
      connectedServers: [],
    });
    await world.botIn();
    expect((await sut.execute(undefined)).isOnline).toBe(true);
    world.clock.current = new Date(NOW.getTime() + 31_000);
    expect((await sut.execute(undefined)).isOnline).toBe(false);
  });
});
