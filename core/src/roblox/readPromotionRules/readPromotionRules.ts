import type { GroupAccessPolicy } from '../groupAccess.ts';
import { rulesOf, type PromotionRule } from '../promotionRules.ts';

/** GET /api/roblox/groups/{id}/promotion-rules: managers read the group's promotion rules. */
export class ReadPromotionRules {
  readonly #access: GroupAccessPolicy;

  constructor(access: GroupAccessPolicy) {
    this.#access = access;
  }

  async execute(customerId: number | undefined, groupId: string): Promise<PromotionRule[]> {
    return rulesOf((await this.#access.manage(customerId, groupId)).group);
  }
}
