import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { connectedWorkspace, GROUP, MEMBER, OWNER, STAFF } from '../testing/workspace.ts';
import { InMemoryGroupRecords } from '../testing/workspaceFakes.ts';
import { ListApplications } from './listApplications.ts';

describe('ListApplications', () => {
  it('lists up to the configured number for members with workspace access, and for no one else', async () => {
    const { access } = await connectedWorkspace();
    const records = new InMemoryGroupRecords();
    await records.addApplication(GROUP, { applicantName: 'Newbie', desiredRank: 'Staff' }, OWNER);
    await records.addApplication(GROUP, { applicantName: 'Newbie', desiredRank: 'Staff' }, OWNER);
    const sut = new ListApplications(access, records, { listLimit: 1 });
    expect(await sut.execute(STAFF, GROUP)).toEqual([records.applicationRows[0]]);
    expect(records.limits).toEqual([1]);
    await expect(sut.execute(MEMBER, GROUP)).rejects.toBeInstanceOf(Forbidden);
  });
});
