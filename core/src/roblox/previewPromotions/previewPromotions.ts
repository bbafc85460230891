import type { Clock } from '../../shared/clock.ts';
import type { GroupAccessPolicy } from '../groupAccess.ts';
import type { MemberFigures } from '../workspacePorts.ts';
import { promotionCandidates, type AutoPromotionSettings, type PromotionCandidate } from '../promotionRules.ts';

/** GET /api/roblox/groups/{id}/promotion-rules/preview: managers see who the rules would promote now (a dry run). */
export class PreviewPromotions {
  readonly #access: GroupAccessPolicy;
  readonly #figures: MemberFigures;
  readonly #clock: Clock;
  readonly #settings: AutoPromotionSettings;

  constructor(access: GroupAccessPolicy, figures: MemberFigures, clock: Clock, settings: AutoPromotionSettings) {
    this.#access = access;
    this.#figures = figures;
    this.#clock = clock;
    this.#settings = settings;
  }

  async execute(customerId: number | undefined, groupId: string): Promise<PromotionCandidate[]> {
    const { group } = await this.#access.manage(customerId, groupId);
    return promotionCandidates(group, this.#figures, this.#clock, this.#settings);
  }
}
