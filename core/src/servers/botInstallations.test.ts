import { describe, expect, it } from 'vitest';
import { MEMBER, makeGuild } from './testing/fakes.ts';
import { NOW, SETTINGS, makeWorld } from './testing/world.ts';
import { BotInstallations } from './botInstallations.ts';

const iconUrlOf = (guild: { id: string; icon: string | null }) =>
  guild.icon ? `https://cdn.discordapp.com/icons/${guild.id}/${guild.icon}.png` : null;

describe('BotInstallations (customer dashboard Bots and Servers tabs)', () => {
  it('has one bot per managed server with the bot, every managed server with its connection, and the figures', async () => {
    const world = makeWorld();
    world.customer(1, [
      makeGuild('10', undefined, { icon: 'abc' }),
      makeGuild('11', undefined, { approximateMemberCount: 3 }),
      makeGuild('12', MEMBER),
    ]);
    await world.botIn('10', '12');
    await world.bot.countCommandUse('10', NOW);
    await world.bot.countCommandUse('12', NOW);
    const sut = new BotInstallations(world.guilds, world.bot, world.clock, SETTINGS, iconUrlOf);

    expect(await sut.botsOf(1)).toEqual([
      {
        id: '10',
        name: 'GroupFlow Bot',
        status: 'online',
        isOnline: true,
        serverId: '10',
        serverName: 'Guild 10',
        createdAt: new Date('2026-11-01T00:00:00Z'),
      },
    ]);
    expect(await sut.serversOf(1)).toEqual([
      {
        id: '10',
        name: 'Guild 10',
        icon: 'https://cdn.discordapp.com/icons/10/abc.png',
        memberCount: 25,
        botConnected: true,
      },
      { id: '11', name: 'Guild 11', icon: null, memberCount: 3, botConnected: false },
    ]);
    expect(await sut.statsFor(1)).toEqual({ totalBots: 1, activeBots: 1, totalCommands: 1 });

    world.clock.current = new Date(NOW.getTime() + 60_000);
    expect((await sut.botsOf(1))[0]?.status).toBe('offline');
    expect((await sut.serversOf(1))[0]?.botConnected).toBe(false);
  });
});
