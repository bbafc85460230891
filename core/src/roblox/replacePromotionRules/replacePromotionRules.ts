import { Invalid } from '../../shared/errors.ts';
import { requireRankAbove, type GroupAccess, type GroupAccessPolicy } from '../groupAccess.ts';
import type { ConnectedGroups } from '../groupPorts.ts';
import { rulesOf, sameTerms, type PromotionRule, type PromotionRuleTerms } from '../promotionRules.ts';

export const EMPTY_PROMOTION_RULE = 'A rule needs some minutes or some sessions attended';

/**
 * PUT /api/roblox/groups/{id}/promotion-rules: managers replace the group's promotion rules. A rule is a rank change
 * by whoever saves it, so a new or changed rule must stay below the saver's fresh rank (as ranking by hand) and
 * records the saver and that rank; a rule kept unchanged keeps its saver, so a manager may edit the rules below them
 * without taking over (or being refused for) the owner's. Removing a rule is open to every manager: it promotes no
 * one.
 */
export class ReplacePromotionRules {
  readonly #access: GroupAccessPolicy;
  readonly #groups: ConnectedGroups;

  constructor(access: GroupAccessPolicy, groups: ConnectedGroups) {
    this.#access = access;
    this.#groups = groups;
  }

  async execute(
    customerId: number | undefined,
    groupId: string,
    rules: PromotionRuleTerms[],
  ): Promise<PromotionRule[]> {
    const access = await this.#access.manage(customerId, groupId);
    requireEffort(rules);
    const stored = rulesOf(access.group);
    const next = rules.map(
      (terms) =>
        stored.find((rule) => rule.savedBy && !rule.suspended && sameTerms(rule, terms)) ?? savedBy(access, terms),
    );
    const updated = await this.#groups.update(groupId, {
      settings: { ...access.group.settings, promotionRules: next },
    });
    return rulesOf(updated);
  }
}

/** Without minutes or sessions a rule would promote everyone at its rank at once, active or not. */
function requireEffort(rules: PromotionRuleTerms[]): void {
  const issues = rules.flatMap((rule, index) =>
    rule.minutes > 0 || rule.sessionsAttended > 0 ? [] : [{ path: [index, 'minutes'], message: EMPTY_PROMOTION_RULE }],
  );
  if (issues.length > 0) throw new Invalid('ROBLOX.EMPTY_PROMOTION_RULE', EMPTY_PROMOTION_RULE, issues);
}

function savedBy(access: GroupAccess, terms: PromotionRuleTerms): PromotionRule {
  requireRankAbove(access, [terms.fromRank, terms.toRank]);
  const { customer, role } = access;
  return {
    fromRank: terms.fromRank,
    toRank: terms.toRank,
    minutes: terms.minutes,
    sessionsAttended: terms.sessionsAttended,
    windowDays: terms.windowDays,
    savedBy: { customerId: customer.id, robloxId: customer.robloxId, robloxName: customer.robloxUsername },
    savedByRank: role.rank,
    suspended: null,
  };
}
