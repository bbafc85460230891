import type { Clock } from '../../shared/clock.ts';
import type { ConnectedGroups } from '../groupPorts.ts';
import type { RankingEngine } from '../rankingEngine.ts';
import type { MemberFigures } from '../workspacePorts.ts';
import {
  autoPromotionOn,
  promotionCandidates,
  type AutoPromotionRun,
  type AutoPromotionSettings,
} from '../promotionRules.ts';

/**
 * The auto promotion job's run for one group: each candidate's rank is read afresh from Open Cloud and promoted
 * through the ranking engine (audited as `auto`), one failure not stopping the rest.
 */
export class AutoPromote {
  readonly #groups: ConnectedGroups;
  readonly #figures: MemberFigures;
  readonly #ranking: RankingEngine;
  readonly #clock: Clock;
  readonly #settings: AutoPromotionSettings;

  constructor(
    groups: ConnectedGroups,
    figures: MemberFigures,
    ranking: RankingEngine,
    clock: Clock,
    settings: AutoPromotionSettings,
  ) {
    this.#groups = groups;
    this.#figures = figures;
    this.#ranking = ranking;
    this.#clock = clock;
    this.#settings = settings;
  }

  /** Nothing happens while auto promotion is off or no key is saved. */
  async execute(groupId: string): Promise<AutoPromotionRun> {
    const outcome = { promoted: 0, skipped: 0, failed: 0 };
    const group = await this.#groups.find(groupId);
    if (!group || !autoPromotionOn(group)) return outcome;
    const candidates = await promotionCandidates(group, this.#figures, this.#clock, this.#settings);
    if (candidates.length === 0) return outcome;
    const apiKey = await this.#ranking.keyOf(groupId);
    for (const candidate of candidates) {
      try {
        const { roles, current } = await this.#ranking.currentRole(apiKey, groupId, candidate.userId);
        const to = roles.find((role) => role.rank === candidate.toRank);
        if (current?.rank !== candidate.fromRank || !to) {
          outcome.skipped += 1;
          continue;
        }
        await this.#ranking.assign({
          groupId,
          apiKey,
          userId: candidate.userId,
          from: current,
          to,
          reason: `Auto promotion: ${candidate.minutes} minutes and ${candidate.sessionsAttended} sessions attended`,
          actor: null,
          source: 'auto',
        });
        outcome.promoted += 1;
      } catch {
        // Audited by the ranking engine when Open Cloud refused; the next run tries again.
        outcome.failed += 1;
      }
    }
    return outcome;
  }
}
