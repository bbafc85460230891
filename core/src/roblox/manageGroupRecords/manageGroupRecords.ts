import { NotFound } from '../../shared/errors.ts';
import type { Application, GroupRecords, TrainingSession } from '../groupPorts.ts';
import type { GroupAccessPolicy } from '../groupAccess.ts';

/** Applications and training sessions of a group: recorded and moved on by its managers. */
export class ManageGroupRecords {
  readonly #access: GroupAccessPolicy;
  readonly #records: GroupRecords;

  constructor(access: GroupAccessPolicy, records: GroupRecords) {
    this.#access = access;
    this.#records = records;
  }

  async addApplication(
    customerId: number | undefined,
    groupId: string,
    input: Pick<Application, 'applicantName' | 'desiredRank'>,
  ) {
    const { customer } = await this.#access.manage(customerId, groupId);
    return this.#records.addApplication(groupId, input, customer.id);
  }

  async setApplicationStatus(
    customerId: number | undefined,
    groupId: string,
    id: number,
    status: string,
  ): Promise<Application> {
    await this.#access.manage(customerId, groupId);
    const changed = await this.#records.setApplicationStatus(groupId, id, status);
    if (!changed) throw new NotFound('ROBLOX.APPLICATION_NOT_FOUND', 'Application not found');
    return changed;
  }

  async addTraining(customerId: number | undefined, groupId: string, input: Omit<TrainingSession, 'id' | 'status'>) {
    const { customer } = await this.#access.manage(customerId, groupId);
    return this.#records.addTraining(groupId, input, customer.id);
  }

  async setTrainingStatus(
    customerId: number | undefined,
    groupId: string,
    id: number,
    status: string,
  ): Promise<TrainingSession> {
    await this.#access.manage(customerId, groupId);
    const changed = await this.#records.setTrainingStatus(groupId, id, status);
    if (!changed) throw new NotFound('ROBLOX.TRAINING_NOT_FOUND', 'Training session not found');
    return changed;
  }
}
