import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { InMemoryCustomerRepository, makeCustomer } from '../../customer/testing/fakes.ts';
import { connectGroupSchema } from '../../contracts/roblox.ts';
import { groupsOf, InMemoryConnectedGroups, InMemoryRoblox, SequentialRandom, RANK_CHECK } from '../testing/fakes.ts';
import { GroupAccessPolicy } from '../groupAccess.ts';
import { ConnectGroup } from '../connectGroup/connectGroup.ts';
import type { GroupDocuments, WorkspaceDocument } from '../workspacePorts.ts';
import { ManageDocuments } from './manageDocuments.ts';

class InMemoryDocuments implements GroupDocuments {
  rows: WorkspaceDocument[] = [];
  async add(_groupId: string, document: Omit<WorkspaceDocument, 'id' | 'createdAt'>) {
    const row = { ...document, id: this.rows.length + 1, createdAt: new Date() };
    this.rows.push(row);
    return row;
  }
  async list(_groupId: string, limit: number, rank?: number) {
    return this.rows
      .filter((row) => rank === undefined || row.rankIds.length === 0 || row.rankIds.includes(rank))
      .slice(0, limit);
  }
}

describe('ManageDocuments', () => {
  it('lets managers write for chosen ranks; members read what their rank may see', async () => {
    const customers = new InMemoryCustomerRepository()
      .add(makeCustomer({ id: 1, robloxId: '42', robloxUsername: 'Owner', isVerified: true }))
      .add(makeCustomer({ id: 2, robloxId: '43', robloxUsername: 'Member', isVerified: true }));
    const roblox = new InMemoryRoblox();
    roblox.addGroup('7', 'Cafe', [
      ['Member', 1],
      ['Staff', 10],
      ['Owner', 255],
    ]);
    roblox.join('42', '7', 'Owner');
    roblox.join('43', '7', 'Member');
    const connected = new InMemoryConnectedGroups();
    await new ConnectGroup(customers, roblox, groupsOf(roblox), connected, new SequentialRandom(), RANK_CHECK).execute(
      1,
      connectGroupSchema.parse({ groupId: '7', rankPermissions: [{ rankId: 1, canAccessWorkspace: true }] }),
    );
    const sut = new ManageDocuments(
      new GroupAccessPolicy(customers, roblox, connected, RANK_CHECK),
      new InMemoryDocuments(),
      50,
    );
    await sut.create(1, '7', { title: 'Rules', type: 'rules', body: '# Be kind', rankIds: [] });
    const staffOnly = await sut.create(1, '7', { title: 'HR', type: 'hr', body: 'x', rankIds: [10, 10] });
    expect(staffOnly).toMatchObject({ rankIds: [10], createdBy: 'Owner' });
    expect((await sut.list(2, '7')).map((doc) => doc.title)).toEqual(['Rules']);
    expect((await sut.list(1, '7')).map((doc) => doc.title)).toEqual(['Rules', 'HR']);
    await expect(sut.create(2, '7', { title: 'x', type: 'rules', body: 'x', rankIds: [] })).rejects.toBeInstanceOf(
      Forbidden,
    );
  });
});
