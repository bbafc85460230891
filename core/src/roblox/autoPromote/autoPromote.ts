import type { z } from 'zod';
import type { Clock } from '../../shared/clock.ts';
import type { promotionRuleSchema } from '../../contracts/workspace.ts';
import type { GroupAccessPolicy } from '../groupAccess.ts';
import type { ConnectedGroup, ConnectedGroups } from '../groupPorts.ts';
import type { ChangeMemberRank } from '../changeMemberRank/changeMemberRank.ts';
import type { MemberFigures } from '../workspacePorts.ts';

export type PromotionRule = z.infer<typeof promotionRuleSchema>;

export interface PromotionCandidate {
  userId: string;
  username: string;
  fromRank: number;
  toRank: number;
  minutes: number;
  sessionsAttended: number;
}

export interface AutoPromotionSettings {
  sessionCapMs: number;
  attendanceMs: number;
}

export interface AutoPromotionRun {
  promoted: number;
  /** Rank changed since GroupFlow last saw it, or the target rank is gone. */
  skipped: number;
  failed: number;
}

const DAY_MS = 24 * 60 * 60_000;

/** Auto promotion is on when the group was connected with autoRank or turned it on in its settings. */
export const autoPromotionOn = (group: ConnectedGroup) => group.autoRank || group.settings.autoPromotions;
const rulesOf = (group: ConnectedGroup): PromotionRule[] =>
  (group.settings as { promotionRules?: PromotionRule[] }).promotionRules ?? [];

/**
 * Promotion rules per rank (for example 600 minutes and 3 sessions attended in 28 days: rank 10 → 20), a dry-run
 * preview for managers, and the run the auto promotion job makes per group: each candidate's rank is read afresh
 * from Open Cloud and promoted through ChangeMemberRank (audited as `auto`), one failure not stopping the rest.
 */
export class AutoPromote {
  readonly #access: GroupAccessPolicy;
  readonly #groups: ConnectedGroups;
  readonly #figures: MemberFigures;
  readonly #ranking: ChangeMemberRank;
  readonly #clock: Clock;
  readonly #settings: AutoPromotionSettings;

  constructor(
    access: GroupAccessPolicy,
    groups: ConnectedGroups,
    figures: MemberFigures,
    ranking: ChangeMemberRank,
    clock: Clock,
    settings: AutoPromotionSettings,
  ) {
    this.#access = access;
    this.#groups = groups;
    this.#figures = figures;
    this.#ranking = ranking;
    this.#clock = clock;
    this.#settings = settings;
  }

  async rules(customerId: number | undefined, groupId: string): Promise<PromotionRule[]> {
    return rulesOf((await this.#access.manage(customerId, groupId)).group);
  }

  async setRules(customerId: number | undefined, groupId: string, rules: PromotionRule[]): Promise<PromotionRule[]> {
    const { group } = await this.#access.manage(customerId, groupId);
    const updated = await this.#groups.update(groupId, { settings: { ...group.settings, promotionRules: rules } });
    return rulesOf(updated);
  }

  async preview(customerId: number | undefined, groupId: string): Promise<PromotionCandidate[]> {
    return this.#candidates((await this.#access.manage(customerId, groupId)).group);
  }

  /** The job's run for one group; nothing happens while auto promotion is off or no key is saved. */
  async run(groupId: string): Promise<AutoPromotionRun> {
    const outcome = { promoted: 0, skipped: 0, failed: 0 };
    const group = await this.#groups.find(groupId);
    if (!group || !autoPromotionOn(group)) return outcome;
    const candidates = await this.#candidates(group);
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
        // Audited by ChangeMemberRank when Open Cloud refused; the next run tries again.
        outcome.failed += 1;
      }
    }
    return outcome;
  }

  async #candidates(group: ConnectedGroup): Promise<PromotionCandidate[]> {
    const now = this.#clock.now();
    const found: PromotionCandidate[] = [];
    for (const rule of rulesOf(group)) {
      const totals = await this.#figures.memberTotals(
        group.groupId,
        { from: new Date(now.getTime() - rule.windowDays * DAY_MS), to: now },
        now,
        this.#settings.sessionCapMs,
        this.#settings.attendanceMs,
      );
      for (const member of totals) {
        if (member.rankId !== rule.fromRank) continue;
        if (member.minutes < rule.minutes || member.sessionsAttended < rule.sessionsAttended) continue;
        found.push({
          userId: member.userId,
          username: member.username,
          fromRank: rule.fromRank,
          toRank: rule.toRank,
          minutes: member.minutes,
          sessionsAttended: member.sessionsAttended,
        });
      }
    }
    return found;
  }
}
