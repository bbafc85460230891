import type { GroupAccessPolicy } from '../groupAccess.ts';
import type { GroupQuotas, Quota } from '../workspacePorts.ts';

/** GET/PUT /api/roblox/groups/{id}/quotas: anyone with workspace access reads them; managers replace them. */
export class ManageQuotas {
  readonly #access: GroupAccessPolicy;
  readonly #quotas: GroupQuotas;

  constructor(access: GroupAccessPolicy, quotas: GroupQuotas) {
    this.#access = access;
    this.#quotas = quotas;
  }

  async list(customerId: number | undefined, groupId: string) {
    await this.#access.view(customerId, groupId);
    return this.#quotas.list(groupId);
  }

  async replace(customerId: number | undefined, groupId: string, quotas: Quota[]) {
    await this.#access.manage(customerId, groupId);
    return this.#quotas.replace(
      groupId,
      quotas.map((quota) => ({ ...quota, rankIds: [...new Set(quota.rankIds)].sort((a, b) => a - b) })),
    );
  }
}
