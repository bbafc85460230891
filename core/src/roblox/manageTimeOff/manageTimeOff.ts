import { Conflict, Forbidden, NotFound } from '../../shared/errors.ts';
import type { Clock } from '../../shared/clock.ts';
import type { CustomerNotifications } from '../../notifications/ports.ts';
import type { GroupAccessPolicy } from '../groupAccess.ts';
import type { TimeOff, TimeOffRequests } from '../workspacePorts.ts';

export const TIME_OFF_DECIDED = 'This request has been decided already';
export const OWN_TIME_OFF = 'Another manager decides your own time off';

/**
 * Time off (POST, GET /time-off, PATCH /time-off/{id}): members whose rank may request time off file requests;
 * managers approve or decline them with a note, never their own; the group's connector hears of a new request and
 * the member of the decision. Approved time off excuses the member from quotas on its days.
 */
export class ManageTimeOff {
  readonly #access: GroupAccessPolicy;
  readonly #requests: TimeOffRequests;
  readonly #notifications: CustomerNotifications;
  readonly #clock: Clock;
  readonly #limit: number;

  constructor(
    access: GroupAccessPolicy,
    requests: TimeOffRequests,
    notifications: CustomerNotifications,
    clock: Clock,
    limit: number,
  ) {
    this.#access = access;
    this.#requests = requests;
    this.#notifications = notifications;
    this.#clock = clock;
    this.#limit = limit;
  }

  async request(
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

  async list(customerId: number | undefined, groupId: string): Promise<TimeOff[]> {
    const { customer, canManage } = await this.#access.view(customerId, groupId);
    return this.#requests.list(groupId, this.#limit, canManage ? undefined : customer.robloxId);
  }

  async decide(
    customerId: number | undefined,
    groupId: string,
    id: number,
    decision: { status: 'approved' | 'declined'; note?: string | undefined },
  ): Promise<TimeOff> {
    const { customer, group } = await this.#access.manage(customerId, groupId);
    const request = await this.#requests.find(groupId, id);
    if (!request) throw new NotFound('ROBLOX.TIME_OFF_NOT_FOUND', 'Time-off request not found');
    if (request.robloxUserId === customer.robloxId) throw new Forbidden('ROBLOX.OWN_TIME_OFF', OWN_TIME_OFF);
    const decided = await this.#requests.decide(groupId, id, {
      status: decision.status,
      note: decision.note || null,
      decidedBy: customer.robloxUsername,
      decidedAt: this.#clock.now(),
    });
    if (!decided) throw new Conflict('ROBLOX.TIME_OFF_DECIDED', TIME_OFF_DECIDED);
    await this.#notifications.notify(request.customerId, {
      kind: 'time-off-decided',
      title: `Time off ${decided.status}`,
      message: `${decided.startDate} to ${decided.endDate} in ${group.name}${decided.note ? `: ${decided.note}` : ''}`,
    });
    return decided;
  }
}
