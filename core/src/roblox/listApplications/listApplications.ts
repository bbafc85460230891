import type { GroupAccessPolicy } from '../groupAccess.ts';
import type { Application, GroupRecords } from '../groupPorts.ts';
import type { WorkspaceReadSettings } from '../workspaceReads.ts';

/** GET /api/roblox/groups/{id}/applications: the group's applications, for members with workspace access. */
export class ListApplications {
  readonly #access: GroupAccessPolicy;
  readonly #records: Pick<GroupRecords, 'applications'>;
  readonly #settings: Pick<WorkspaceReadSettings, 'listLimit'>;

  constructor(
    access: GroupAccessPolicy,
    records: Pick<GroupRecords, 'applications'>,
    settings: Pick<WorkspaceReadSettings, 'listLimit'>,
  ) {
    this.#access = access;
    this.#records = records;
    this.#settings = settings;
  }

  async execute(customerId: number | undefined, groupId: string): Promise<Application[]> {
    await this.#access.view(customerId, groupId);
    return this.#records.applications(groupId, this.#settings.listLimit);
  }
}
