import { describe, expect, it } from 'vitest';
import { Conflict, Forbidden, NotFound, Unavailable } from '../../shared/errors.ts';
import { MEMBER, makeGuild } from '../testing/fakes.ts';
import { membersWorld } from '../testing/members.ts';
import { ListGuildMembers } from '../listGuildMembers/listGuildMembers.ts';

describe('VerifyMember', () => {
  it("stores the vouch for the caller's server, shows it there and queues that server's sync, leaving the account unproven", async () => {
    const { world, verify, list } = await membersWorld();
    const answer = await verify.execute(1, 2, { robloxId: '321', robloxUsername: 'Builder' });
    expect(answer).toMatchObject({
      id: 2,
      robloxId: '321',
      robloxUsername: 'Builder',
      isVerified: true,
      isProven: false,
      isOnline: true,
    });
    expect(world.vouches.vouches).toEqual([
      {
        guildId: '10',
        customerId: 2,
        robloxId: '321',
        robloxUsername: 'Builder',
        vouchedBy: 1,
        vouchedAt: world.clock.now(),
      },
    ]);
    // F1: the vouch is never the account's proven link.
    expect(world.customers.stored(2)).toMatchObject({ robloxId: null, isVerified: false });
    expect(world.queue.members).toEqual([{ guildId: '10', discordUserId: '1002' }]);
    expect(world.queue.users).toEqual([]);
    expect((await list.execute(1)).find((member) => member.id === 2)).toMatchObject({ isVerified: true });
  });

  it("counts only in the servers it was given in: another server's manager does not see it", async () => {
    const { world, verify } = await membersWorld();
    world.customer(6, [makeGuild('13')]);
    world.customer(7, [makeGuild('13', MEMBER), makeGuild('10', MEMBER)]);
    await world.guilds.guildsOf(6);
    await world.guilds.guildsOf(7);
    await verify.execute(1, 7, { robloxId: '321', robloxUsername: 'Builder' });
    expect(world.vouches.vouches.map((vouch) => vouch.guildId)).toEqual(['10']);
    const otherList = new ListGuildMembers(world.customers, world.guilds, world.lists, world.vouches, world.configs, {
      limit: 10,
    });
    expect((await otherList.execute(6)).find((member) => member.id === 7)).toMatchObject({
      isVerified: false,
      robloxId: null,
    });
  });

  it('refuses to vouch for yourself with 403 "You cannot verify your own account", even in your own server (F1)', async () => {
    const { world, verify } = await membersWorld();
    await expect(verify.execute(5, 5, { robloxId: '321', robloxUsername: 'Builder' })).rejects.toThrow(
      new Forbidden('SERVERS.CANNOT_VOUCH_FOR_SELF', 'You cannot verify your own account'),
    );
    expect(world.vouches.vouches).toEqual([]);
    expect(world.customers.stored(5)).toMatchObject({ robloxId: null, isVerified: false });
  });

  it('fails closed with 503 when the manager list is stale and Discord cannot refresh it', async () => {
    const { world, verify } = await membersWorld();
    world.clock.current = new Date(world.clock.current.getTime() + 61_000);
    world.api.down = true;
    await expect(verify.execute(1, 2, { robloxId: '321', robloxUsername: 'Builder' })).rejects.toBeInstanceOf(
      Unavailable,
    );
    expect(world.vouches.vouches).toEqual([]);
  });

  it('refuses a user outside the managed guilds, an unknown user, and a Roblox account linked elsewhere', async () => {
    const { world, verify } = await membersWorld();
    await expect(verify.execute(1, 3, { robloxId: '321', robloxUsername: 'Builder' })).rejects.toBeInstanceOf(
      Forbidden,
    );
    await expect(verify.execute(1, 99, { robloxId: '321', robloxUsername: 'Builder' })).rejects.toBeInstanceOf(
      NotFound,
    );
    await expect(verify.execute(1, 2, { robloxId: '900', robloxUsername: 'Taken' })).rejects.toBeInstanceOf(Conflict);
    await expect(verify.execute(1, 4, { robloxId: '321', robloxUsername: 'Other' })).rejects.toBeInstanceOf(Conflict);
    await expect(verify.execute(2, 1, { robloxId: '321', robloxUsername: 'Builder' })).rejects.toBeInstanceOf(
      Forbidden,
    );
    expect(world.vouches.vouches).toEqual([]);
    expect(world.queue.members).toEqual([]);
  });
});
