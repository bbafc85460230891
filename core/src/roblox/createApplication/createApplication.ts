import type { Application, GroupRecords } from '../groupPorts.ts';
import type { GroupAccessPolicy } from '../groupAccess.ts';
import type { NotifyApplicationReceived } from '../notifyApplicationReceived/notifyApplicationReceived.ts';

/** POST /api/roblox/groups/{id}/applications: managers record an application; the group's reviewers are told. */
export class CreateApplication {
  readonly #access: GroupAccessPolicy;
  readonly #records: Pick<GroupRecords, 'addApplication'>;
  readonly #applicationReceived: Pick<NotifyApplicationReceived, 'execute'>;

  constructor(
    access: GroupAccessPolicy,
    records: Pick<GroupRecords, 'addApplication'>,
    applicationReceived: Pick<NotifyApplicationReceived, 'execute'>,
  ) {
    this.#access = access;
    this.#records = records;
    this.#applicationReceived = applicationReceived;
  }

  async execute(
    customerId: number | undefined,
    groupId: string,
    input: Pick<Application, 'applicantName' | 'desiredRank'>,
  ): Promise<Application> {
    const { customer, group } = await this.#access.manage(customerId, groupId);
    const application = await this.#records.addApplication(groupId, input, customer.id);
    await this.#applicationReceived.execute(group, application, customer.id);
    return application;
  }
}
