import { describe, expect, it } from 'vitest';
import { Conflict, Forbidden, NotFound } from '../../shared/errors.ts';
import { MEMBER, makeGuild } from '../testing/fakes.ts';
import { makeWorld } from '../testing/world.ts';
import { ListGuildMembers, VerifyMember } from './guildMembers.ts';

async function makeSut() {
  const world = makeWorld();
  world.customer(1, [makeGuild('10')]);
  world.customer(2, [makeGuild('10', MEMBER)], { email: 'secret@example.test' });
  world.customer(3, [makeGuild('11', MEMBER)]);
  world.customer(4, [makeGuild('10', MEMBER)], { robloxId: '900', robloxUsername: 'Taken' });
  for (const id of [1, 2, 3, 4]) await world.guilds.guildsOf(id);
  world.lists.online.add(2);
  return {
    world,
    list: new ListGuildMembers(world.customers, world.guilds, world.lists, { limit: 2 }),
    verify: new VerifyMember(world.customers, world.guilds, world.lists, world.queue),
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
  it('links and verifies a member of a managed guild and queues their role sync', async () => {
    const { world, verify } = await makeSut();
    const answer = await verify.execute(1, 2, { robloxId: '321', robloxUsername: 'Builder' });
    expect(answer).toMatchObject({
      id: 2,
      robloxId: '321',
      robloxUsername: 'Builder',
      isVerified: true,
      isOnline: true,
    });
    expect(world.customers.stored(2)).toMatchObject({ robloxId: '321', isVerified: true });
    expect(world.queue.users).toEqual(['1002']);
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
    expect(world.customers.stored(2)?.isVerified).toBe(false);
    expect(world.queue.users).toEqual([]);
  });
});
