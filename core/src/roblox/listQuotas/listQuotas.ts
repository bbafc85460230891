import type { GroupAccessPolicy } from '../groupAccess.ts';
import type { GroupQuotas, StoredQuota } from '../workspacePorts.ts';

/** GET /api/roblox/groups/{id}/quotas: anyone with workspace access reads the group's quotas. */
export class ListQuotas {
  readonly #access: GroupAccessPolicy;
  readonly #quotas: GroupQuotas;

  constructor(access: GroupAccessPolicy, quotas: GroupQuotas) {
    this.#access = access;
    this.#quotas = quotas;
  }

  async execute(customerId: number | undefined, groupId: string): Promise<StoredQuota[]> {
    await this.#access.view(customerId, groupId);
    return this.#quotas.list(groupId);
  }
}
