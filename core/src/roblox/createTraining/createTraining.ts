import type { GroupRecords, TrainingSession } from '../groupPorts.ts';
import type { GroupAccessPolicy } from '../groupAccess.ts';

/** POST /api/roblox/groups/{id}/training: managers record a training session. */
export class CreateTraining {
  readonly #access: GroupAccessPolicy;
  readonly #records: Pick<GroupRecords, 'addTraining'>;

  constructor(access: GroupAccessPolicy, records: Pick<GroupRecords, 'addTraining'>) {
    this.#access = access;
    this.#records = records;
  }

  async execute(
    customerId: number | undefined,
    groupId: string,
    input: Omit<TrainingSession, 'id' | 'status'>,
  ): Promise<TrainingSession> {
    const { customer } = await this.#access.manage(customerId, groupId);
    return this.#records.addTraining(groupId, input, customer.id);
  }
}
