import { describe, expect, it } from 'vitest';
import { makeGuild } from '../testing/fakes.ts';
import { NOW, makeWorld } from '../testing/world.ts';
import { RememberDiscordGrant } from './rememberDiscordGrant.ts';

describe('RememberDiscordGrant', () => {
  it('stores the new grant and fetches the guild list with it at once, even within the cache time', async () => {
    const world = makeWorld();
    world.customer(1, [makeGuild('10')]);
    await world.guilds.guildsOf(1);
    world.api.guildsByToken.set('fresh', [makeGuild('10'), makeGuild('11')]);
    const grant = {
      accessToken: 'fresh',
      refreshToken: 'r',
      expiresAt: new Date(NOW.getTime() + 604_800_000),
      scope: 'identify email guilds',
    };
    await new RememberDiscordGrant(world.grants, world.guilds).execute(1, grant);
    expect(world.grants.grants.get(1)).toEqual(grant);
    expect(world.lists.lists.get(1)?.guilds.map((guild) => guild.id)).toEqual(['10', '11']);
    expect(world.api.guildCalls).toBe(2);
  });
});
