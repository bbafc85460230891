import type { ConnectedGroup } from '../groupPorts.ts';
import type { GroupAccessPolicy } from '../groupAccess.ts';

/** GET /api/roblox/groups/{id}: a connected group, for members with access to its workspace. */
export class GetConnectedGroup {
  readonly #access: GroupAccessPolicy;

  constructor(access: GroupAccessPolicy) {
    this.#access = access;
  }

  async execute(customerId: number | undefined, groupId: string): Promise<ConnectedGroup> {
    return (await this.#access.view(customerId, groupId)).group;
  }
}
