import type { CustomerRepository } from '../../customer/ports.ts';
import type { CustomerNotifications } from '../../notifications/ports.ts';
import { canManageWithRole } from '../groupPolicy.ts';
import type { Application, ConnectedGroup, GroupRecords } from '../groupPorts.ts';

/**
 * "Application received": the group's reviewers hear of a new application. Reviewers are the managers (rank 100+
 * or a manager role name) among the group's known members and whoever connected the group; the manager who
 * recorded it is not told of their own entry, and only proven GroupFlow accounts are.
 */
export class NotifyApplicationReceived {
  readonly #records: Pick<GroupRecords, 'members'>;
  readonly #customers: Pick<CustomerRepository, 'findByRobloxId'>;
  readonly #notifications: CustomerNotifications;
  readonly #memberLimit: number;

  constructor(deps: {
    records: Pick<GroupRecords, 'members'>;
    customers: Pick<CustomerRepository, 'findByRobloxId'>;
    notifications: CustomerNotifications;
    /** How many of the group's known members are looked through for managers. */
    memberLimit: number;
  }) {
    this.#records = deps.records;
    this.#customers = deps.customers;
    this.#notifications = deps.notifications;
    this.#memberLimit = deps.memberLimit;
  }

  /** The customer ids told. */
  async execute(group: ConnectedGroup, application: Application, recordedBy: number): Promise<number[]> {
    const members = await this.#records.members(group.groupId, this.#memberLimit);
    const reviewers = new Set<number>(group.connectedBy === null ? [] : [group.connectedBy]);
    for (const member of members) {
      if (member.rankId === null || !canManageWithRole({ name: member.rankName ?? '', rank: member.rankId })) continue;
      const customer = await this.#customers.findByRobloxId(member.userId);
      if (customer?.isVerified) reviewers.add(customer.id);
    }
    reviewers.delete(recordedBy);
    for (const customerId of reviewers) {
      await this.#notifications.notify(customerId, {
        kind: 'application-received',
        title: `New application in ${group.name}`,
        message: `${application.applicantName} applies for ${application.desiredRank}.`,
      });
    }
    return [...reviewers];
  }
}
