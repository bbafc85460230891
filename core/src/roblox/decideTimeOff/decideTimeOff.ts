import { Conflict, Forbidden, NotFound } from '../../shared/errors.ts';
import type { Clock } from '../../shared/clock.ts';
import type { CustomerNotifications } from '../../notifications/ports.ts';
import type { GroupAccessPolicy } from '../groupAccess.ts';
import type { TimeOff, TimeOffRequests } from '../workspacePorts.ts';

export const TIME_OFF_DECIDED = 'This request has been decided already';
export const OWN_TIME_OFF = 'Another manager decides your own time off';

/**
 * PATCH /api/roblox/groups/{id}/time-off/{requestId}: managers approve or decline a request with a note, never
 * their own; the member hears of the decision.
 */
export class DecideTimeOff {
  readonly #access: GroupAccessPolicy;
  readonly #requests: TimeOffRequests;
  readonly #notifications: CustomerNotifications;
  readonly #clock: Clock;

  constructor(
    access: GroupAccessPolicy,
    requests: TimeOffRequests,
    notifications: CustomerNotifications,
    clock: Clock,
  ) {
    this.#access = access;
    this.#requests = requests;
    this.#notifications = notifications;
    this.#clock = clock;
  }

  async execute(
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
