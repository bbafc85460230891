import { describe, expect, it } from 'vitest';
import { Unauthenticated } from '../../shared/errors.ts';
import { MANAGER, MEMBER, makeGuild } from '../testing/fakes.ts';
import { NOW, SETTINGS, makeWorld } from '../testing/world.ts';
import { ListUserServers } from './listUserServers.ts';

function makeSut() {
  const world = makeWorld();
  const sut = new ListUserServers(world.customers, world.guilds, world.bot, world.configs, world.clock, SETTINGS);
  return { world, sut };
}

describe('ListUserServers', () => {
  it('lists the managed servers the bot is in, joined with bot state, usage and configuration', async () => {
    const { world, sut } = makeSut();
    world.customer(1, [
      makeGuild('10', { owner: true, permissions: String((1 << 28) | (1 << 1)) }, { approximatePresenceCount: 7 }),
      makeGuild('11', MANAGER),
      makeGuild('12', MEMBER),
      makeGuild('13'),
    ]);
    await world.botIn('10', '11', '12');
    await world.configs.save('11', { moderationEnabled: false, autoRoleSync: true });
    await world.bot.countCommandUse('10', new Date(NOW.getTime() - 3_600_000));
    await world.bot.countCommandUse('10', new Date(NOW.getTime() - 3 * 86_400_000));

    const servers = await sut.execute(1);
    expect(servers.map((server) => server.id)).toEqual(['10', '11']);
    expect(servers[0]).toEqual({
      id: '10',
      name: 'Guild 10',
      icon: null,
      memberCount: 25,
      onlineMembers: 7,
      isOnline: true,
      userRole: 'Owner',
      botJoinedAt: new Date('2026-11-01T00:00:00Z'),
      commandsUsed24h: 1,
      features: ['Verification', 'Moderation', 'Group Binding'],
      permissions: ['Kick Members', 'Manage Roles'],
    });
    expect(servers[1]).toMatchObject({
      userRole: 'Manager',
      features: ['Verification', 'Group Binding', 'Auto Role Sync'],
      permissions: ['Manage Server'],
    });
  });

  it('shows the bot offline once its heartbeat is older than the setting', async () => {
    const { world, sut } = makeSut();
    world.customer(1, [makeGuild('10')]);
    await world.botIn('10');
    world.clock.current = new Date(NOW.getTime() + 30_001);
    expect((await sut.execute(1))[0]?.isOnline).toBe(false);
  });

  it('refuses a visitor', async () => {
    await expect(makeSut().sut.execute(undefined)).rejects.toBeInstanceOf(Unauthenticated);
  });
});
