import type { GroupAccessPolicy } from '../groupAccess.ts';
import type { GroupRecords, TrainingSession } from '../groupPorts.ts';
import type { WorkspaceReadSettings } from '../workspaceReads.ts';

/** GET /api/roblox/groups/{id}/training: the group's training sessions, for members with workspace access. */
export class ListTraining {
  readonly #access: GroupAccessPolicy;
  readonly #records: Pick<GroupRecords, 'training'>;
  readonly #settings: Pick<WorkspaceReadSettings, 'listLimit'>;

  constructor(
    access: GroupAccessPolicy,
    records: Pick<GroupRecords, 'training'>,
    settings: Pick<WorkspaceReadSettings, 'listLimit'>,
  ) {
    this.#access = access;
    this.#records = records;
    this.#settings = settings;
  }

  async execute(customerId: number | undefined, groupId: string): Promise<TrainingSession[]> {
    await this.#access.view(customerId, groupId);
    return this.#records.training(groupId, this.#settings.listLimit);
  }
}
