import { NotFound } from '../../shared/errors.ts';
import type { Application, GroupRecords } from '../groupPorts.ts';
import type { GroupAccessPolicy } from '../groupAccess.ts';

/** PATCH /api/roblox/groups/{id}/applications/{applicationId}: managers move an application on. */
export class ChangeApplicationStatus {
  readonly #access: GroupAccessPolicy;
  readonly #records: Pick<GroupRecords, 'setApplicationStatus'>;

  constructor(access: GroupAccessPolicy, records: Pick<GroupRecords, 'setApplicationStatus'>) {
    this.#access = access;
    this.#records = records;
  }

  async execute(customerId: number | undefined, groupId: string, id: number, status: string): Promise<Application> {
    await this.#access.manage(customerId, groupId);
    const changed = await this.#records.setApplicationStatus(groupId, id, status);
    if (!changed) throw new NotFound('ROBLOX.APPLICATION_NOT_FOUND', 'Application not found');
    return changed;
  }
}
