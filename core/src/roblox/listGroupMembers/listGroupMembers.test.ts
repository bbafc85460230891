import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { connectedWorkspace, GROUP, MEMBER, OWNER } from '../testing/workspace.ts';
import { InMemoryGroupRecords } from '../testing/workspaceFakes.ts';
import { ListGroupMembers } from './listGroupMembers.ts';

describe('ListGroupMembers', () => {
  it('lists the members GroupFlow knows to members with workspace access, and to no one else', async () => {
    const { access } = await connectedWorkspace();
    const records = new InMemoryGroupRecords();
    const entry = {
      userId: '43',
      username: 'Staff',
      displayName: null,
      rankId: 10,
      rankName: 'Staff',
      isTracked: true,
      isOnline: false,
      lastOnline: null,
    };
    records.memberRows.push(entry);
    const sut = new ListGroupMembers(access, records, { listLimit: 50 });
    expect(await sut.execute(OWNER, GROUP)).toEqual([entry]);
    expect(records.limits).toEqual([50]);
    await expect(sut.execute(MEMBER, GROUP)).rejects.toBeInstanceOf(Forbidden);
  });
});
