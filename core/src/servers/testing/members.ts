/** Five customers around guild 10 (customer 1 manages it), shared by the member list and vouch tests. */
import { MEMBER, makeGuild } from './fakes.ts';
import { makeWorld } from './world.ts';
import { ListGuildMembers } from '../listGuildMembers/listGuildMembers.ts';
import { VerifyMember } from '../verifyMember/verifyMember.ts';

export async function membersWorld() {
  const world = makeWorld();
  world.customer(1, [makeGuild('10')]);
  world.customer(2, [makeGuild('10', MEMBER)], { email: 'secret@example.test' });
  world.customer(3, [makeGuild('11', MEMBER)]);
  world.customer(4, [makeGuild('10', MEMBER)], { robloxId: '900', robloxUsername: 'Taken', isVerified: true });
  world.customer(5, [makeGuild('10', MEMBER), makeGuild('12')]);
  for (const id of [1, 2, 3, 4, 5]) await world.guilds.guildsOf(id);
  world.lists.online.add(2);
  const { customers, guilds, lists, vouches, queue, clock, configs } = world;
  return {
    world,
    list: new ListGuildMembers(customers, guilds, lists, vouches, configs, { limit: 2 }),
    verify: new VerifyMember({ customers, guilds, lists, vouches, queue, configs, clock }),
  };
}
