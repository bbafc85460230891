import { describe, expect, it } from 'vitest';
import { Forbidden, NotFound } from '../../shared/errors.ts';
import { connectedWorkspace, GROUP, OWNER, STAFF } from '../testing/workspace.ts';
import { InMemoryGroupRecords } from '../testing/workspaceFakes.ts';
import { ChangeApplicationStatus } from './changeApplicationStatus.ts';

describe('ChangeApplicationStatus', () => {
  it('lets managers move an application on; an unknown one is not found', async () => {
    const { access } = await connectedWorkspace();
    const records = new InMemoryGroupRecords();
    const { id } = await records.addApplication(GROUP, { applicantName: 'Newbie', desiredRank: 'Staff' }, OWNER);
    const sut = new ChangeApplicationStatus(access, records);
    expect(await sut.execute(OWNER, GROUP, id, 'under_review')).toMatchObject({ id, status: 'under_review' });
    await expect(sut.execute(OWNER, GROUP, 99, 'accepted')).rejects.toBeInstanceOf(NotFound);
  });

  it('is for managers only', async () => {
    const { access } = await connectedWorkspace();
    const records = new InMemoryGroupRecords();
    const { id } = await records.addApplication(GROUP, { applicantName: 'Newbie', desiredRank: 'Staff' }, OWNER);
    await expect(
      new ChangeApplicationStatus(access, records).execute(STAFF, GROUP, id, 'accepted'),
    ).rejects.toBeInstanceOf(Forbidden);
    expect(records.applicationRows[0]?.status).toBe('pending');
  });
});
