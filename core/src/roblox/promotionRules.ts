import type { Clock } from '../shared/clock.ts';
import type { ConnectedGroup } from './groupPorts.ts';
import type { MemberFigures } from './workspacePorts.ts';

/** For example 600 minutes and 3 sessions attended in 28 days: rank 10 → 20. */
export interface PromotionRule {
  fromRank: number;
  toRank: number;
  /** In-game minutes within the window. */
  minutes: number;
  sessionsAttended: number;
  windowDays: number;
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
  /** Rank changed since GroupFlow last saw it, or the target rank is gone. */
  skipped: number;
  failed: number;
}

const DAY_MS = 24 * 60 * 60_000;

/** Auto promotion is on when the group was connected with autoRank or turned it on in its settings. */
export const autoPromotionOn = (group: ConnectedGroup) => group.autoRank || group.settings.autoPromotions;
export const rulesOf = (group: ConnectedGroup): PromotionRule[] =>
  (group.settings as { promotionRules?: PromotionRule[] }).promotionRules ?? [];

/** Who a group's rules (for example 600 minutes and 3 sessions attended in 28 days: rank 10 → 20) promote now. */
export async function promotionCandidates(
  group: ConnectedGroup,
  figures: MemberFigures,
  clock: Clock,
  settings: AutoPromotionSettings,
): Promise<PromotionCandidate[]> {
  const now = clock.now();
  const found: PromotionCandidate[] = [];
  for (const rule of rulesOf(group)) {
    const totals = await figures.memberTotals(
      group.groupId,
      { from: new Date(now.getTime() - rule.windowDays * DAY_MS), to: now },
      now,
      settings.sessionCapMs,
      settings.attendanceMs,
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
