import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { connectedWorkspace, GROUP, MEMBER, OWNER, STAFF } from '../testing/workspace.ts';
import { InMemoryGroupRecords } from '../testing/workspaceFakes.ts';
import { ListTraining } from './listTraining.ts';

describe('ListTraining', () => {
  it('lists up to the configured number for members with workspace access, and for no one else', async () => {
    const { access } = await connectedWorkspace();
    const records = new InMemoryGroupRecords();
    await records.addTraining(
      GROUP,
      { title: 'Basics', hostName: 'Owner', participantCount: 0, type: 'training', scheduledAt: null },
      OWNER,
    );
    await records.addTraining(
      GROUP,
      { title: 'Basics', hostName: 'Owner', participantCount: 0, type: 'training', scheduledAt: null },
      OWNER,
    );
    const sut = new ListTraining(access, records, { listLimit: 1 });
    expect(await sut.execute(STAFF, GROUP)).toEqual([records.trainingRows[0]]);
    expect(records.limits).toEqual([1]);
    await expect(sut.execute(MEMBER, GROUP)).rejects.toBeInstanceOf(Forbidden);
  });
});
