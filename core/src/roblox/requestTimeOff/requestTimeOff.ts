import type { CustomerNotifications } from '../../notifications/ports.ts';
import type { GroupAccessPolicy } from '../groupAccess.ts';
import type { TimeOff, TimeOffRequests } from '../workspacePorts.ts';

/**
 * POST /api/roblox/groups/{id}/time-off: members whose rank may request time off file a request; the group's
 * connector hears of it. Approved time off excuses the member from quotas on its days.
 */
export class RequestTimeOff {
  readonly #access: GroupAccessPolicy;
  readonly #requests: TimeOffRequests;
  readonly #notifications: CustomerNotifications;

  constructor(access: GroupAccessPolicy, requests: TimeOffRequests, notifications: CustomerNotifications) {
    this.#access = access;
    this.#requests = requests;
    this.#notifications = notifications;
  }

  async execute(
    customerId: number | undefined,
    groupId: string,
    input: { startDate: string; endDate: string; reason: string },
  ): Promise<TimeOff> {
    const { customer, group } = await this.#access.permitted(customerId, groupId, 'canRequestTimeoff');
    const created = await this.#requests.add({
      groupId,
      robloxUserId: customer.robloxId,
      username: customer.robloxUsername,
      customerId: customer.id,
      ...input,
    });
    if (group.connectedBy !== null && group.connectedBy !== customer.id) {
      await this.#notifications.notify(group.connectedBy, {
        kind: 'time-off-requested',
        title: `${customer.robloxUsername} asks for time off`,
        message: `${input.startDate} to ${input.endDate} in ${group.name}: ${input.reason}`,
      });
    }
    return created;
  }
}
