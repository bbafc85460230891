import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { connectedWorkspace, GROUP, MEMBER, OWNER, STAFF } from '../testing/workspace.ts';
import { InMemoryGroupRecords } from '../testing/workspaceFakes.ts';
import { CreateTraining } from './createTraining.ts';

const training = { title: 'Basics', hostName: 'Owner', participantCount: 0, type: 'training', scheduledAt: null };

describe('CreateTraining', () => {
  it('lets managers record a training session, as theirs; others record nothing', async () => {
    const { access } = await connectedWorkspace();
    const records = new InMemoryGroupRecords();
    const sut = new CreateTraining(access, records);
    expect(await sut.execute(OWNER, GROUP, training)).toMatchObject({
      title: 'Basics',
      status: 'scheduled',
      createdBy: OWNER,
    });
    await expect(sut.execute(STAFF, GROUP, training)).rejects.toBeInstanceOf(Forbidden);
    await expect(sut.execute(MEMBER, GROUP, training)).rejects.toBeInstanceOf(Forbidden);
    expect(records.trainingRows).toHaveLength(1);
  });
});
