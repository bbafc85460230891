import { describe, expect, it } from 'vitest';
import { groupsOf } from '../testing/fakes.ts';
import { connectedWorkspace, OWNER, STAFF } from '../testing/workspace.ts';
import { ListUserGroups } from './listUserGroups.ts';

describe('ListUserGroups', () => {
  it("lists the customer's Roblox groups with their role, whether they can manage it and whether it is connected", async () => {
    const { customers, roblox, connected } = await connectedWorkspace();
    roblox.addGroup('8', 'Bakery', [['Member', 1]]);
    roblox.join('43', '8', 'Member');
    const sut = new ListUserGroups(customers, roblox, groupsOf(roblox), connected);
    expect(await sut.execute(OWNER)).toMatchObject([
      { groupId: '7', name: 'Cafe', role: { name: 'Owner', rank: 255 }, hasAccess: true, connected: true },
    ]);
    expect(await sut.execute(STAFF)).toMatchObject([
      { groupId: '7', role: { name: 'Staff', rank: 10 }, hasAccess: false, connected: true },
      { groupId: '8', name: 'Bakery', hasAccess: false, connected: false },
    ]);
  });
});
