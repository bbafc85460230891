import type { Clock } from '../../shared/clock.ts';
import type { GroupAccessPolicy } from '../groupAccess.ts';
import { quotaWeekOf, type QuotaWeekSettings } from '../quotaWeek.ts';
import type {
  GroupQuotas,
  MemberFigures,
  MemberTotals,
  QuotaKind,
  StoredQuota,
  TimeOffRequests,
} from '../workspacePorts.ts';

export interface QuotaProgressSettings {
  week: QuotaWeekSettings;
  /** Sessions open longer than this count up to start + cap. */
  sessionCapMs: number;
  /** A scheduled session's window for attendance: its start plus this. */
  attendanceMs: number;
}

const valueOf = (totals: MemberTotals, kind: QuotaKind) =>
  kind === 'minutes-in-game'
    ? totals.minutes
    : kind === 'sessions-hosted'
      ? totals.sessionsHosted
      : totals.sessionsAttended;

const PERCENT = 100;

/** One member's standing against the quotas of their rank. */
export function progressOf(totals: MemberTotals, quotas: StoredQuota[], excused: boolean, chased: boolean) {
  const progress = quotas
    .filter((quota) => totals.rankId !== null && quota.rankIds.includes(totals.rankId))
    .map((quota) => {
      const value = valueOf(totals, quota.kind);
      return {
        quotaId: quota.id,
        name: quota.name,
        kind: quota.kind,
        amount: quota.amount,
        value,
        percent: Math.min(PERCENT, Math.floor((value * PERCENT) / quota.amount)),
        met: value >= quota.amount,
      };
    });
  return {
    userId: totals.userId,
    username: totals.username,
    rankId: totals.rankId,
    rankName: totals.rankName,
    excused,
    behind: chased && !excused && progress.some((entry) => !entry.met),
    progress,
  };
}

/**
 * GET /api/roblox/groups/{id}/quotas/progress: each member's week against their rank's quotas, from the game's
 * reports and the scheduled sessions; members on approved time off that week are excused. Managers see everyone,
 * other members only themselves.
 */
export class ReadQuotaProgress {
  readonly #access: GroupAccessPolicy;
  readonly #quotas: GroupQuotas;
  readonly #figures: MemberFigures;
  readonly #timeOff: Pick<TimeOffRequests, 'excusedBetween'>;
  readonly #clock: Clock;
  readonly #settings: QuotaProgressSettings;

  constructor(
    access: GroupAccessPolicy,
    quotas: GroupQuotas,
    figures: MemberFigures,
    timeOff: Pick<TimeOffRequests, 'excusedBetween'>,
    clock: Clock,
    settings: QuotaProgressSettings,
  ) {
    this.#access = access;
    this.#quotas = quotas;
    this.#figures = figures;
    this.#timeOff = timeOff;
    this.#clock = clock;
    this.#settings = settings;
  }

  async execute(customerId: number | undefined, groupId: string, week?: string) {
    const access = await this.#access.view(customerId, groupId);
    const now = this.#clock.now();
    // A calendar day names the week holding it; its midday keeps it inside that day for zones up to ±12 h.
    const window = quotaWeekOf(week ? new Date(`${week}T12:00:00Z`) : now, this.#settings.week);
    const [quotas, totals, excused] = await Promise.all([
      this.#quotas.list(groupId),
      this.#figures.memberTotals(
        groupId,
        { from: window.start, to: window.end },
        now,
        this.#settings.sessionCapMs,
        this.#settings.attendanceMs,
      ),
      this.#timeOff.excusedBetween(groupId, window.firstDay, window.lastDay),
    ]);
    const members = totals
      .filter((member) => access.canManage || member.userId === access.customer.robloxId)
      .map((member) => progressOf(member, quotas, excused.has(member.userId), access.group.quotaSystem))
      .filter((member) => member.progress.length > 0);
    return { enabled: access.group.quotaSystem, week: window, quotas, members };
  }
}
