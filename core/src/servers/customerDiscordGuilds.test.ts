import { describe, expect, it } from 'vitest';
import { Forbidden, Unavailable } from '../shared/errors.ts';
import { MANAGER, MEMBER, makeGuild } from './testing/fakes.ts';
import { NOW, makeWorld } from './testing/world.ts';

describe('CustomerDiscordGuilds', () => {
  it('asks Discord once, then answers from the stored list until it is older than the cache setting', async () => {
    const world = makeWorld();
    world.customer(1, [makeGuild('10')]);
    expect((await world.guilds.guildsOf(1)).map((guild) => guild.id)).toEqual(['10']);
    world.api.guildsByToken.set('token-1', [makeGuild('10'), makeGuild('11')]);
    expect((await world.guilds.guildsOf(1)).map((guild) => guild.id)).toEqual(['10']);
    expect(world.api.guildCalls).toBe(1);
    world.clock.current = new Date(NOW.getTime() + 60_000);
    expect((await world.guilds.guildsOf(1)).map((guild) => guild.id)).toEqual(['10', '11']);
    expect(world.api.guildCalls).toBe(2);
  });

  it('refreshes an access token about to expire, once even when several calls arrive together', async () => {
    const world = makeWorld();
    world.customer(1, []);
    world.grants.grants.set(1, {
      accessToken: 'old',
      refreshToken: 'r1',
      expiresAt: new Date(NOW.getTime() + 30_000),
      scope: 'guilds',
    });
    world.api.refreshable.set('r1', {
      accessToken: 'new',
      refreshToken: 'r2',
      expiresAt: new Date(NOW.getTime() + 604_800_000),
      scope: 'guilds',
    });
    world.api.guildsByToken.set('new', [makeGuild('10')]);
    const answers = await Promise.all([world.guilds.guildsOf(1), world.guilds.guildsOf(1), world.guilds.guildsOf(1)]);
    expect(answers.map((guilds) => guilds.length)).toEqual([1, 1, 1]);
    expect(world.api.refreshCalls).toBe(1);
    expect(world.grants.grants.get(1)).toMatchObject({ accessToken: 'new', refreshToken: 'r2' });
  });

  it('drops a grant Discord rejects, and with it every guild the customer managed', async () => {
    const world = makeWorld();
    world.customer(1, [makeGuild('10')]);
    await world.guilds.guildsOf(1);
    world.api.guildsByToken.delete('token-1');
    world.clock.current = new Date(NOW.getTime() + 120_000);
    expect(await world.guilds.guildsOf(1)).toEqual([]);
    expect(world.grants.grants.has(1)).toBe(false);
    expect(await world.guilds.managedBy(1)).toEqual([]);
  });

  it('falls back on the stored list while Discord is unreachable, and on none without one', async () => {
    const world = makeWorld();
    world.customer(1, [makeGuild('10')]);
    world.customer(2, [makeGuild('20')]);
    await world.guilds.guildsOf(1);
    world.api.down = true;
    world.clock.current = new Date(NOW.getTime() + 120_000);
    expect((await world.guilds.guildsOf(1)).map((guild) => guild.id)).toEqual(['10']);
    expect(await world.guilds.guildsOf(2)).toEqual([]);
  });

  it('counts the owner and Manage Server holders as managers, nobody else', async () => {
    const world = makeWorld();
    world.customer(1, [
      makeGuild('10'),
      makeGuild('11', MANAGER),
      makeGuild('12', MEMBER),
      makeGuild('13', { owner: false, permissions: '8' }),
    ]);
    expect((await world.guilds.managedBy(1)).map((guild) => guild.id)).toEqual(['10', '11', '13']);
    await expect(world.guilds.requireManaged(1, '12')).rejects.toBeInstanceOf(Forbidden);
    await expect(world.guilds.requireManaged(1, '99')).rejects.toBeInstanceOf(Forbidden);
    await expect(world.guilds.requireManaged(1, '11')).resolves.toMatchObject({ id: '11' });
  });

  it('answers no guilds for a customer without a Discord grant (signed in with Roblox only)', async () => {
    const world = makeWorld();
    world.customer(1, [makeGuild('10')]);
    world.grants.grants.delete(1);
    expect(await world.guilds.guildsOf(1)).toEqual([]);
    expect(world.api.guildCalls).toBe(0);
  });

  it('lets a write trust the stored list only while it is younger than the cache time, failing closed with 503 after', async () => {
    const world = makeWorld();
    world.customer(1, [makeGuild('10')]);
    await expect(world.guilds.requireManagedForWrite(1, '10')).resolves.toMatchObject({ id: '10' });
    world.api.down = true;
    world.clock.current = new Date(NOW.getTime() + 59_000);
    await expect(world.guilds.requireManagedForWrite(1, '10')).resolves.toMatchObject({ id: '10' });
    world.clock.current = new Date(NOW.getTime() + 61_000);
    await expect(world.guilds.requireManagedForWrite(1, '10')).rejects.toThrow(Unavailable);
    // Reads still fall back on the stored list.
    expect((await world.guilds.managedBy(1)).map((guild) => guild.id)).toEqual(['10']);
    world.api.down = false;
    world.api.guildsByToken.set('token-1', [makeGuild('10', MEMBER)]);
    await expect(world.guilds.requireManagedForWrite(1, '10')).rejects.toBeInstanceOf(Forbidden);
  });
});
