import { NotFound } from '../../shared/errors.ts';
import type { Application, GroupRecords, TrainingSession } from '../groupPorts.ts';
import type { GroupAccessPolicy } from '../groupAccess.ts';
import type { NotifyApplicationReceived } from '../notifyApplicationReceived/notifyApplicationReceived.ts';

/**
 * Applications and training sessions of a group: recorded and moved on by its managers; the group's reviewers are
 * told of each new application.
 */
export class ManageGroupRecords {
  readonly #access: GroupAccessPolicy;
  readonly #records: GroupRecords;
  readonly #applicationReceived: Pick<NotifyApplicationReceived, 'execute'>;

  constructor(
    access: GroupAccessPolicy,
    records: GroupRecords,
    applicationReceived: Pick<NotifyApplicationReceived, 'execute'>,
  ) {
    this.#access = access;
    this.#records = records;
    this.#applicationReceived = applicationReceived;
  }

  async addApplication(
    customerId: number | undefined,
    groupId: string,
    input: Pick<Application, 'applicantName' | 'desiredRank'>,
  ) {
    const { customer, group } = await this.#access.manage(customerId, groupId);
    const application = await this.#records.addApplication(groupId, input, customer.id);
    await this.#applicationReceived.execute(group, application, customer.id);
    return application;
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
