import { describe, expect, it } from 'vitest';
import { membersWorld } from '../testing/members.ts';

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
});
