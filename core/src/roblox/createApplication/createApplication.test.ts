import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { connectedWorkspace, GROUP, MEMBER, OWNER, STAFF } from '../testing/workspace.ts';
import { InMemoryGroupRecords } from '../testing/workspaceFakes.ts';
import { CreateApplication } from './createApplication.ts';

describe('CreateApplication', () => {
  it('lets managers record an application, as theirs, and tells its reviewers; others record nothing', async () => {
    const { access } = await connectedWorkspace();
    const records = new InMemoryGroupRecords();
    const told: { groupId: string; applicantName: string; by: number }[] = [];
    const sut = new CreateApplication(access, records, {
      execute: async (group, application, by) => {
        told.push({ groupId: group.groupId, applicantName: application.applicantName, by });
        return [];
      },
    });
    const created = await sut.execute(OWNER, GROUP, { applicantName: 'Newbie', desiredRank: 'Staff' });
    expect(created).toMatchObject({ applicantName: 'Newbie', status: 'pending', createdBy: OWNER });
    await expect(sut.execute(STAFF, GROUP, { applicantName: 'x', desiredRank: 'y' })).rejects.toBeInstanceOf(Forbidden);
    await expect(sut.execute(MEMBER, GROUP, { applicantName: 'x', desiredRank: 'y' })).rejects.toBeInstanceOf(
      Forbidden,
    );
    expect(records.applicationRows).toHaveLength(1);
    // The reviewers hear of the one application recorded, never of a refused one.
    expect(told).toEqual([{ groupId: GROUP, applicantName: 'Newbie', by: OWNER }]);
  });
});
