import type { GroupAccessPolicy } from '../groupAccess.ts';
import { describeWorkspaceSettings, type ActivityEndpointOf, type WorkspaceSettings } from '../workspaceSettings.ts';

/** GET /api/roblox/groups/{id}/settings: only managers read the workspace's settings. */
export class ReadWorkspaceSettings {
  readonly #access: GroupAccessPolicy;
  readonly #endpointOf: ActivityEndpointOf;

  constructor(access: GroupAccessPolicy, endpointOf: ActivityEndpointOf) {
    this.#access = access;
    this.#endpointOf = endpointOf;
  }

  async execute(customerId: number | undefined, groupId: string): Promise<WorkspaceSettings> {
    const access = await this.#access.manage(customerId, groupId);
    return describeWorkspaceSettings(access.group, this.#endpointOf, access);
  }
}
