import type { Clock } from '../shared/clock.ts';
import type { ConnectedGroup } from './groupPorts.ts';
import type { MemberFigures } from './workspacePorts.ts';

/** What a rule asks, as a manager types it. For example 600 minutes and 3 sessions attended in 28 days: rank 10 → 20. */
export interface PromotionRuleTerms {
  fromRank: number;
  toRank: number;
  /** In-game minutes within the window. */
  minutes: number;
  sessionsAttended: number;
  windowDays: number;
}

/** Who saved a rule: its promotions are their rank changes, so the job applies it only while they outrank toRank. */
export interface PromotionRuleSaver {
  customerId: number;
  robloxId: string;
  robloxName: string;
}

/** A stored rule. Rules stored before savers were recorded have none, and the job applies them no more. */
export interface PromotionRule extends PromotionRuleTerms {
  savedBy: PromotionRuleSaver | null;
  /** The saver's Roblox rank when they saved it. */
  savedByRank: number | null;
  /** Why the job stopped applying it (its saver no longer outranks toRank...); saving it again resumes it. */
  suspended: string | null;
}

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
  /**
   * Members not promoted: their rank changed since GroupFlow last saw it, the target rank is gone, or their rule
   * was suspended in this run.
   */
  skipped: number;
  failed: number;
  /** Rules suspended in this run because their saver may no longer make that change. */
  suspendedRules: number;
}

const DAY_MS = 24 * 60 * 60_000;

/** Auto promotion is on when the group was connected with autoRank or turned it on in its settings. */
export const autoPromotionOn = (group: ConnectedGroup) => group.autoRank || group.settings.autoPromotions;
export const rulesOf = (group: ConnectedGroup): PromotionRule[] =>
  ((group.settings.promotionRules ?? []) as Partial<PromotionRule>[]).map((rule) => ({
    ...(rule as PromotionRuleTerms),
    savedBy: rule.savedBy ?? null,
    savedByRank: rule.savedByRank ?? null,
    suspended: rule.suspended ?? null,
  }));

/** How the audit trail and notices name a rule: "rank 20 → 30 rule". */
export const ruleLabel = (rule: PromotionRuleTerms) => `rank ${rule.fromRank} → ${rule.toRank} rule`;

export const sameTerms = (a: PromotionRuleTerms, b: PromotionRuleTerms) =>
  a.fromRank === b.fromRank &&
  a.toRank === b.toRank &&
  a.minutes === b.minutes &&
  a.sessionsAttended === b.sessionsAttended &&
  a.windowDays === b.windowDays;

/** Who one rule (for example 600 minutes and 3 sessions attended in 28 days: rank 10 → 20) promotes now. */
export async function ruleCandidates(
  group: ConnectedGroup,
  rule: PromotionRuleTerms,
  figures: MemberFigures,
  clock: Clock,
  settings: AutoPromotionSettings,
): Promise<PromotionCandidate[]> {
  const now = clock.now();
  const totals = await figures.memberTotals(
    group.groupId,
    { from: new Date(now.getTime() - rule.windowDays * DAY_MS), to: now },
    now,
    settings.sessionCapMs,
    settings.attendanceMs,
  );
  return totals
    .filter((member) => member.rankId === rule.fromRank)
    .filter((member) => member.minutes >= rule.minutes && member.sessionsAttended >= rule.sessionsAttended)
    .map((member) => ({
      userId: member.userId,
      username: member.username,
      fromRank: rule.fromRank,
      toRank: rule.toRank,
      minutes: member.minutes,
      sessionsAttended: member.sessionsAttended,
    }));
}

/** Who the group's rules not suspended promote now. */
export async function promotionCandidates(
  group: ConnectedGroup,
  figures: MemberFigures,
  clock: Clock,
  settings: AutoPromotionSettings,
): Promise<PromotionCandidate[]> {
  const found: PromotionCandidate[] = [];
  for (const rule of rulesOf(group).filter((candidate) => !candidate.suspended))
    found.push(...(await ruleCandidates(group, rule, figures, clock, settings)));
  return found;
}
