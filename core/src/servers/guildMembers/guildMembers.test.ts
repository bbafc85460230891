import { describe, expect, it } from 'vitest';
import { Conflict, Forbidden, NotFound, Unavailable } from '../../shared/errors.ts';
import { MEMBER, makeGuild } from '../testing/fakes.ts';
import { makeWorld } from '../testing/world.ts';
import { ListGuildMembers, VerifyMember } from './guildMembers.ts';

async function makeSut() {
  const world = makeWorld();
  world.customer(1, [makeGuild('10')]);
  world.customer(2, [makeGuild('10', MEMBER)], { email: 'secret@example.test' });
  world.customer(3, [makeGuild('11', MEMBER)]);
  world.customer(4, [makeGuild('10', MEMBER)], { robloxId: '900', robloxUsername: 'Taken', isVerified: true });
  world.customer(5, [makeGuild('10', MEMBER), makeGuild('12')]);
  for (const id of [1, 2, 3, 4, 5]) await world.guilds.guildsOf(id);
  world.lists.online.add(2);
  const { customers, guilds, lists, vouches, queue, clock } = world;
  return {
    world,
    list: new ListGuildMembers(customers, guilds, lists, vouches, { limit: 2 }),
    verify: new VerifyMember({ customers, guilds, lists, vouches, queue, clock }),
  };
}

describe('ListGuildMembers', () => {
  it('lists the users who share a guild the caller manages, oldest first up to the limit, without their email', async () => {
    const { list } = await makeSut();
    const members = await list.execute(1);
    expect(members.map((member) => member.id)).toEqual([1, 2]);
    expect(members[1]).toMatchObject({ username: 'user2', isOnline: true, isVerified: false });
    expect(JSON.stringify(members)).not.toContain('secret@example.test');
  });

  it('lists nobody for a caller who manages no guild', async () => {
    const { list } = await makeSut();
    expect(await list.execute(3)).toEqual([]);
  });
});

describe('VerifyMember', () => {
  it("stores the vouch for the caller's server, shows it there and queues that server's sync, leaving the account unproven", async () => {
    const { world, verify, list } = await makeSut();
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
    const { world, verify } = await makeSut();
    world.customer(6, [makeGuild('13')]);
    world.customer(7, [makeGuild('13', MEMBER), makeGuild('10', MEMBER)]);
    await world.guilds.guildsOf(6);
    await world.guilds.guildsOf(7);
    await verify.execute(1, 7, { robloxId: '321', robloxUsername: 'Builder' });
    expect(world.vouches.vouches.map((vouch) => vouch.guildId)).toEqual(['10']);
    const otherList = new ListGuildMembers(world.customers, world.guilds, world.lists, world.vouches, { limit: 10 });
    expect((await otherList.execute(6)).find((member) => member.id === 7)).toMatchObject({
      isVerified: false,
      robloxId: null,
    });
  });

  it('refuses to vouch for yourself with 403 "You cannot verify your own account", even in your own server (F1)', async () => {
    const { world, verify } = await makeSut();
    await expect(verify.execute(5, 5, { robloxId: '321', robloxUsername: 'Builder' })).rejects.toThrow(
      new Forbidden('SERVERS.CANNOT_VOUCH_FOR_SELF', 'You cannot verify your own account'),
    );
    expect(world.vouches.vouches).toEqual([]);
    expect(world.customers.stored(5)).toMatchObject({ robloxId: null, isVerified: false });
  });

  it('fails closed with 503 when the manager list is stale and Discord cannot refresh it', async () => {
    const { world, verify } = await makeSut();
    world.clock.current = new Date(world.clock.current.getTime() + 61_000);
    world.api.down = true;
    await expect(verify.execute(1, 2, { robloxId: '321', robloxUsername: 'Builder' })).rejects.toBeInstanceOf(
      Unavailable,
    );
    expect(world.vouches.vouches).toEqual([]);
  });

  it('refuses a user outside the managed guilds, an unknown user, and a Roblox account linked elsewhere', async () => {
    const { world, verify } = await makeSut();
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
