import type { GroupAccessPolicy } from '../groupAccess.ts';
import type { GroupQuotas, Quota, StoredQuota } from '../workspacePorts.ts';

/** PUT /api/roblox/groups/{id}/quotas: managers replace the group's quotas; each names its ranks once, in order. */
export class ReplaceQuotas {
  readonly #access: GroupAccessPolicy;
  readonly #quotas: GroupQuotas;

  constructor(access: GroupAccessPolicy, quotas: GroupQuotas) {
    this.#access = access;
    this.#quotas = quotas;
  }

  async execute(customerId: number | undefined, groupId: string, quotas: Quota[]): Promise<StoredQuota[]> {
    await this.#access.manage(customerId, groupId);
    return this.#quotas.replace(
      groupId,
      quotas.map((quota) => ({ ...quota, rankIds: [...new Set(quota.rankIds)].sort((a, b) => a - b) })),
    );
  }
}
