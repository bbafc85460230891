import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { connectedWorkspace, GROUP, MEMBER, OWNER, STAFF } from '../testing/workspace.ts';
import { InMemoryGroupRecords } from '../testing/workspaceFakes.ts';
import { CreateApplication } from './createApplication.ts';

describe('CreateApplication', () => {
  it('lets managers record an application, as theirs; others record nothing', async () => {
    const { access } = await connectedWorkspace();
    const records = new InMemoryGroupRecords();
    const sut = new CreateApplication(access, records);
    const created = await sut.execute(OWNER, GROUP, { applicantName: 'Newbie', desiredRank: 'Staff' });
    expect(created).toMatchObject({ applicantName: 'Newbie', status: 'pending', createdBy: OWNER });
    await expect(sut.execute(STAFF, GROUP, { applicantName: 'x', desiredRank: 'y' })).rejects.toBeInstanceOf(Forbidden);
    await expect(sut.execute(MEMBER, GROUP, { applicantName: 'x', desiredRank: 'y' })).rejects.toBeInstanceOf(
      Forbidden,
    );
    expect(records.applicationRows).toHaveLength(1);
  });
});
