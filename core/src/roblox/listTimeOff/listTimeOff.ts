import type { GroupAccessPolicy } from '../groupAccess.ts';
import type { TimeOff, TimeOffRequests } from '../workspacePorts.ts';

/** GET /api/roblox/groups/{id}/time-off: managers see every request, members only their own. */
export class ListTimeOff {
  readonly #access: GroupAccessPolicy;
  readonly #requests: TimeOffRequests;
  readonly #limit: number;

  constructor(access: GroupAccessPolicy, requests: TimeOffRequests, limit: number) {
    this.#access = access;
    this.#requests = requests;
    this.#limit = limit;
  }

  async execute(customerId: number | undefined, groupId: string): Promise<TimeOff[]> {
    const { customer, canManage } = await this.#access.view(customerId, groupId);
    return this.#requests.list(groupId, this.#limit, canManage ? undefined : customer.robloxId);
  }
}
