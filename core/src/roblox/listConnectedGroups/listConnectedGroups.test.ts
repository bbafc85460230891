import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { NOT_LINKED } from '../linkedAccount.ts';
import { connectedWorkspace, MEMBER, OWNER, STAFF } from '../testing/workspace.ts';
import { ListConnectedGroups } from './listConnectedGroups.ts';

describe('ListConnectedGroups', () => {
  it('lists the groups the customer connected or can manage now, not those merely joined', async () => {
    const { customers, roblox, connected } = await connectedWorkspace();
    const sut = new ListConnectedGroups(customers, roblox, connected);
    expect((await sut.execute(OWNER)).map((group) => group.groupId)).toEqual(['7']);
    expect(await sut.execute(STAFF)).toEqual([]);
    expect(await sut.execute(MEMBER)).toEqual([]);
  });

  it('refuses a customer with no linked Roblox account', async () => {
    const { customers, roblox, connected } = await connectedWorkspace();
    customers.add({ ...(await customers.findById(OWNER))!, id: 9, robloxId: null, robloxUsername: null });
    await expect(new ListConnectedGroups(customers, roblox, connected).execute(9)).rejects.toThrow(
      new Forbidden('ROBLOX.NOT_LINKED', NOT_LINKED),
    );
  });
});
