import { describe, expect, it } from 'vitest';
import { setConfig } from '../../discord/testing/fakes.ts';
import { membersWorld } from '../testing/members.ts';
import { ListGuildMembers } from './listGuildMembers.ts';

describe('ListGuildMembers', () => {
  it('lists the users who share a guild the caller manages, oldest first up to the limit, without their email', async () => {
    const { list } = await membersWorld();
    const members = await list.execute(1);
    expect(members.map((member) => member.id)).toEqual([1, 2]);
    expect(members[1]).toMatchObject({ username: 'user2', isOnline: true, isVerified: false });
    expect(JSON.stringify(members)).not.toContain('secret@example.test');
  });

  it('lists nobody for a caller who manages no guild', async () => {
    const { list } = await membersWorld();
    expect(await list.execute(3)).toEqual([]);
  });

  it('shows a member with only a claim as Pending with the claimed account, and a banned account as Restricted', async () => {
    const { world } = await membersWorld();
    world.customers.stored(2)!.robloxId = '555';
    world.customers.stored(2)!.robloxUsername = 'Claimed';
    setConfig(world.configs, '10', {
      restrictions: {
        minAccountAgeDays: 0,
        requireGroupId: null,
        bannedRobloxIds: [{ robloxId: '900', reason: 'alt' }],
      },
    });
    const list = new ListGuildMembers(world.customers, world.guilds, world.lists, world.vouches, world.configs, {
      limit: 10,
    });
    const members = await list.execute(1);
    expect(members.find((member) => member.id === 2)).toMatchObject({
      status: 'pending',
      isVerified: false,
      robloxId: null,
      claim: { robloxId: '555', robloxUsername: 'Claimed' },
    });
    expect(members.find((member) => member.id === 4)).toMatchObject({
      status: 'restricted',
      restrictedReason: 'Banned from verifying in Guild 10: alt',
    });
    expect(members.find((member) => member.id === 5)).toMatchObject({ status: 'unlinked', claim: null });
  });
});
