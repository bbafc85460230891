import type { GroupAccessPolicy } from '../groupAccess.ts';
import type { GroupMemberEntry, GroupRecords } from '../groupPorts.ts';
import type { WorkspaceReadSettings } from '../workspaceReads.ts';

/** GET /api/roblox/groups/{id}/members: the members GroupFlow knows, for members with workspace access. */
export class ListGroupMembers {
  readonly #access: GroupAccessPolicy;
  readonly #records: Pick<GroupRecords, 'members'>;
  readonly #settings: Pick<WorkspaceReadSettings, 'listLimit'>;

  constructor(
    access: GroupAccessPolicy,
    records: Pick<GroupRecords, 'members'>,
    settings: Pick<WorkspaceReadSettings, 'listLimit'>,
  ) {
    this.#access = access;
    this.#records = records;
    this.#settings = settings;
  }

  async execute(customerId: number | undefined, groupId: string): Promise<GroupMemberEntry[]> {
    await this.#access.view(customerId, groupId);
    return this.#records.members(groupId, this.#settings.listLimit);
  }
}
