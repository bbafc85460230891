import { NotFound } from '../../shared/errors.ts';
import type { GroupRecords, TrainingSession } from '../groupPorts.ts';
import type { GroupAccessPolicy } from '../groupAccess.ts';

/** PATCH /api/roblox/groups/{id}/training/{trainingId}: managers move a training session on. */
export class ChangeTrainingStatus {
  readonly #access: GroupAccessPolicy;
  readonly #records: Pick<GroupRecords, 'setTrainingStatus'>;

  constructor(access: GroupAccessPolicy, records: Pick<GroupRecords, 'setTrainingStatus'>) {
    this.#access = access;
    this.#records = records;
  }

  async execute(customerId: number | undefined, groupId: string, id: number, status: string): Promise<TrainingSession> {
    await this.#access.manage(customerId, groupId);
    const changed = await this.#records.setTrainingStatus(groupId, id, status);
    if (!changed) throw new NotFound('ROBLOX.TRAINING_NOT_FOUND', 'Training session not found');
    return changed;
  }
}
