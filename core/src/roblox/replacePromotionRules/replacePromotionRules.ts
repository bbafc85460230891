import type { GroupAccessPolicy } from '../groupAccess.ts';
import type { ConnectedGroups } from '../groupPorts.ts';
import { rulesOf, type PromotionRule } from '../promotionRules.ts';

/** PUT /api/roblox/groups/{id}/promotion-rules: managers replace the group's promotion rules. */
export class ReplacePromotionRules {
  readonly #access: GroupAccessPolicy;
  readonly #groups: ConnectedGroups;

  constructor(access: GroupAccessPolicy, groups: ConnectedGroups) {
    this.#access = access;
    this.#groups = groups;
  }

  async execute(customerId: number | undefined, groupId: string, rules: PromotionRule[]): Promise<PromotionRule[]> {
    const { group } = await this.#access.manage(customerId, groupId);
    const updated = await this.#groups.update(groupId, { settings: { ...group.settings, promotionRules: rules } });
    return rulesOf(updated);
  }
}
