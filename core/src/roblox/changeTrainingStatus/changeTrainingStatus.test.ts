import { describe, expect, it } from 'vitest';
import { Forbidden, NotFound } from '../../shared/errors.ts';
import { connectedWorkspace, GROUP, OWNER, STAFF } from '../testing/workspace.ts';
import { InMemoryGroupRecords } from '../testing/workspaceFakes.ts';
import { ChangeTrainingStatus } from './changeTrainingStatus.ts';

const training = { title: 'Basics', hostName: 'Owner', participantCount: 0, type: 'training', scheduledAt: null };

describe('ChangeTrainingStatus', () => {
  it('lets managers move a training session on; an unknown one is not found', async () => {
    const { access } = await connectedWorkspace();
    const records = new InMemoryGroupRecords();
    const { id } = await records.addTraining(GROUP, training, OWNER);
    const sut = new ChangeTrainingStatus(access, records);
    expect(await sut.execute(OWNER, GROUP, id, 'completed')).toMatchObject({ id, status: 'completed' });
    await expect(sut.execute(OWNER, GROUP, 99, 'completed')).rejects.toBeInstanceOf(NotFound);
  });

  it('is for managers only', async () => {
    const { access } = await connectedWorkspace();
    const records = new InMemoryGroupRecords();
    const { id } = await records.addTraining(GROUP, training, OWNER);
    await expect(
      new ChangeTrainingStatus(access, records).execute(STAFF, GROUP, id, 'cancelled'),
    ).rejects.toBeInstanceOf(Forbidden);
    expect(records.trainingRows[0]?.status).toBe('scheduled');
  });
});
