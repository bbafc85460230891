import { canManageWithRole } from '../groupPolicy.ts';
import type { Clock } from '../../shared/clock.ts';
import type { CustomerNotifications } from '../../notifications/ports.ts';
import type { OwnerNotices } from '../automationAuthority.ts';
import type { ConnectedGroup, ConnectedGroups } from '../groupPorts.ts';
import type { RobloxRole } from '../ports.ts';
import type { RankingEngine } from '../rankingEngine.ts';
import type { MemberFigures } from '../workspacePorts.ts';
import {
  autoPromotionOn,
  ruleCandidates,
  ruleLabel,
  rulesOf,
  sameTerms,
  type AutoPromotionRun,
  type AutoPromotionSettings,
  type PromotionCandidate,
  type PromotionRule,
} from '../promotionRules.ts';

/** Who hears that a rule was suspended: its saver, or the owner for a rule stored before savers were recorded. */
export interface SuspensionNotices {
  notifications: CustomerNotifications;
  owner: OwnerNotices;
}

/**
 * The auto promotion job's run for one group. A rule is a rank change by whoever saved it, so before applying one
 * the job asks Open Cloud (with the group's key) for the saver's rank now: a saver who left the group, no longer
 * manages it or no longer outranks the rule's toRank gets the rule suspended (audited as skipped for each member it
 * would have promoted, and told to the saver) until someone who may make that change saves it again. Otherwise each
 * candidate's rank is read afresh and promoted through the ranking engine (audited as `auto`, naming the rule and
 * its saver), one failure not stopping the rest.
 */
export class AutoPromote {
  readonly #groups: ConnectedGroups;
  readonly #figures: MemberFigures;
  readonly #ranking: RankingEngine;
  readonly #clock: Clock;
  readonly #settings: AutoPromotionSettings;
  readonly #notices: SuspensionNotices;

  constructor(
    groups: ConnectedGroups,
    figures: MemberFigures,
    ranking: RankingEngine,
    clock: Clock,
    settings: AutoPromotionSettings,
    notices: SuspensionNotices,
  ) {
    this.#groups = groups;
    this.#figures = figures;
    this.#ranking = ranking;
    this.#clock = clock;
    this.#settings = settings;
    this.#notices = notices;
  }

  /** Nothing happens while auto promotion is off or no key is saved. */
  async execute(groupId: string): Promise<AutoPromotionRun> {
    const outcome = { promoted: 0, skipped: 0, failed: 0, suspendedRules: 0 };
    const group = await this.#groups.find(groupId);
    if (!group || !autoPromotionOn(group)) return outcome;
    let apiKey: string | undefined;
    for (const rule of rulesOf(group).filter((candidate) => !candidate.suspended)) {
      const candidates = await ruleCandidates(group, rule, this.#figures, this.#clock, this.#settings);
      if (candidates.length === 0) continue;
      apiKey ??= await this.#ranking.keyOf(groupId);
      let refusal: { why: string; roles: RobloxRole[] } | null;
      try {
        refusal = await this.#saverRefusal(apiKey, groupId, rule);
      } catch {
        // Roblox could not tell the saver's rank: nothing is applied or suspended; the next run asks again.
        outcome.failed += candidates.length;
        continue;
      }
      if (refusal) {
        await this.#suspend(group, rule, candidates, refusal);
        outcome.skipped += candidates.length;
        outcome.suspendedRules += 1;
        continue;
      }
      for (const candidate of candidates) outcome[await this.#promote(apiKey, groupId, rule, candidate)] += 1;
    }
    return outcome;
  }

  /** Why the rule's saver may not make its change now; null when they still may. */
  async #saverRefusal(apiKey: string, groupId: string, rule: PromotionRule) {
    const saver = rule.savedBy;
    if (!saver)
      return {
        why: 'it was saved before rules recorded who saved them',
        roles: await this.#ranking.roles(apiKey, groupId),
      };
    const { roles, current, member } = await this.#ranking.standing(apiKey, groupId, saver.robloxId);
    const refusal = (why: string) => ({ why: `${saver.robloxName} ${why}`, roles });
    if (!member || !current) return refusal('is no longer in the group');
    if (!canManageWithRole(current)) return refusal(`no longer manages the group (rank ${current.rank})`);
    if (current.rank <= rule.toRank) return refusal(`(rank ${current.rank}) no longer outranks rank ${rule.toRank}`);
    return null;
  }

  async #suspend(
    group: ConnectedGroup,
    rule: PromotionRule,
    candidates: PromotionCandidate[],
    refusal: { why: string; roles: RobloxRole[] },
  ) {
    const why = `The ${ruleLabel(rule)} was suspended: ${refusal.why}. Saving it again resumes it.`;
    const fresh = (await this.#groups.find(group.groupId)) ?? group;
    const promotionRules = rulesOf(fresh).map((stored) =>
      sameTerms(stored, rule) ? { ...stored, suspended: refusal.why } : stored,
    );
    await this.#groups.update(group.groupId, { settings: { ...fresh.settings, promotionRules } });
    const roleOf = (rank: number) =>
      refusal.roles.find((role) => role.rank === rank) ?? { id: '', name: `Rank ${rank}`, rank, memberCount: 0 };
    for (const candidate of candidates)
      await this.#ranking.skip(
        {
          groupId: group.groupId,
          userId: candidate.userId,
          from: roleOf(candidate.fromRank),
          to: roleOf(candidate.toRank),
          reason: reasonOf(rule, candidate),
          actor: null,
          source: 'auto',
        },
        why,
      );
    const notice = { kind: 'promotion-rule-suspended' as const, title: 'A promotion rule was suspended', message: why };
    if (rule.savedBy) await this.#notices.notifications.notify(rule.savedBy.customerId, notice);
    else await this.#notices.owner.tell(group, { ...notice, message: `${why} (${group.name})` });
  }

  async #promote(
    apiKey: string,
    groupId: string,
    rule: PromotionRule,
    candidate: PromotionCandidate,
  ): Promise<'promoted' | 'skipped' | 'failed'> {
    try {
      const { roles, current } = await this.#ranking.currentRole(apiKey, groupId, candidate.userId);
      const to = roles.find((role) => role.rank === candidate.toRank);
      if (current?.rank !== candidate.fromRank || !to) return 'skipped';
      await this.#ranking.assign({
        groupId,
        apiKey,
        userId: candidate.userId,
        from: current,
        to,
        reason: reasonOf(rule, candidate),
        actor: null,
        source: 'auto',
      });
      return 'promoted';
    } catch {
      // Audited by the ranking engine when Open Cloud refused; the next run tries again.
      return 'failed';
    }
  }
}

/** "Auto promotion by the rank 20 → 30 rule saved by Alice: 700 minutes and 3 sessions attended". */
const reasonOf = (rule: PromotionRule, candidate: PromotionCandidate) =>
  `Auto promotion by the ${ruleLabel(rule)}${rule.savedBy ? ` saved by ${rule.savedBy.robloxName}` : ''}: ` +
  `${candidate.minutes} minutes and ${candidate.sessionsAttended} sessions attended`;
