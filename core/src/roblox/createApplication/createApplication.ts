import type { Application, GroupRecords } from '../groupPorts.ts';
import type { GroupAccessPolicy } from '../groupAccess.ts';

/** POST /api/roblox/groups/{id}/applications: managers record an application. */
export class CreateApplication {
  readonly #access: GroupAccessPolicy;
  readonly #records: Pick<GroupRecords, 'addApplication'>;

  constructor(access: GroupAccessPolicy, records: Pick<GroupRecords, 'addApplication'>) {
    this.#access = access;
    this.#records = records;
  }

  async execute(
    customerId: number | undefined,
    groupId: string,
    input: Pick<Application, 'applicantName' | 'desiredRank'>,
  ): Promise<Application> {
    const { customer } = await this.#access.manage(customerId, groupId);
    return this.#records.addApplication(groupId, input, customer.id);
  }
}
