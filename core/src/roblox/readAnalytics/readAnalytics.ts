import type { Clock } from '../../shared/clock.ts';
import type { GroupAccessPolicy } from '../groupAccess.ts';
import { quotaWeekOf } from '../quotaWeek.ts';
import { progressOf, type QuotaProgressSettings } from '../readQuotaProgress/readQuotaProgress.ts';
import type {
  AnalyticsFigures,
  GroupQuotas,
  GroupSessions,
  MemberFigures,
  TimeOffRequests,
} from '../workspacePorts.ts';

export interface AnalyticsSettings extends QuotaProgressSettings {
  /** Days of the daily chart. */
  days: number;
  /** Weeks of the weekly charts. */
  weeks: number;
}

const DAY_MS = 24 * 60 * 60_000;
const WEEK_MS = 7 * DAY_MS;

/**
 * GET /api/roblox/groups/{id}/analytics: minutes in game and active members per day, scheduled sessions per quota
 * week, and the share of measured members who met every quota of their rank per week (time off excused), all from
 * the group's own records; for managers.
 */
export class ReadAnalytics {
  readonly #access: GroupAccessPolicy;
  readonly #figures: AnalyticsFigures;
  readonly #members: MemberFigures;
  readonly #quotas: GroupQuotas;
  readonly #sessions: Pick<GroupSessions, 'upcoming'>;
  readonly #timeOff: Pick<TimeOffRequests, 'excusedBetween'>;
  readonly #clock: Clock;
  readonly #settings: AnalyticsSettings;

  constructor(
    access: GroupAccessPolicy,
    figures: AnalyticsFigures,
    members: MemberFigures,
    quotas: GroupQuotas,
    sessions: Pick<GroupSessions, 'upcoming'>,
    timeOff: Pick<TimeOffRequests, 'excusedBetween'>,
    clock: Clock,
    settings: AnalyticsSettings,
  ) {
    this.#access = access;
    this.#figures = figures;
    this.#members = members;
    this.#quotas = quotas;
    this.#sessions = sessions;
    this.#timeOff = timeOff;
    this.#clock = clock;
    this.#settings = settings;
  }

  async execute(customerId: number | undefined, groupId: string) {
    await this.#access.manage(customerId, groupId);
    const now = this.#clock.now();
    const { days, weeks, sessionCapMs, attendanceMs } = this.#settings;
    const thisWeek = quotaWeekOf(now, this.#settings.week);
    const windows = Array.from({ length: weeks }, (_, index) =>
      quotaWeekOf(new Date(thisWeek.start.getTime() - (weeks - 1 - index) * WEEK_MS), this.#settings.week),
    );
    const [daily, quotas, sessions] = await Promise.all([
      this.#figures.dailyActivity(groupId, new Date(now.getTime() - (days - 1) * DAY_MS), now, now, sessionCapMs),
      this.#quotas.list(groupId),
      this.#sessions.upcoming(groupId, windows[0]!.start, Number.MAX_SAFE_INTEGER),
    ]);
    const perWeek = await Promise.all(
      windows.map(async (window) => {
        const [totals, excused] = await Promise.all([
          this.#members.memberTotals(groupId, { from: window.start, to: window.end }, now, sessionCapMs, attendanceMs),
          this.#timeOff.excusedBetween(groupId, window.firstDay, window.lastDay),
        ]);
        const measured = totals
          .map((member) => progressOf(member, quotas, excused.has(member.userId), true))
          .filter((member) => member.progress.length > 0 && !member.excused);
        return {
          weekStart: window.firstDay,
          sessions: sessions.filter((row) => row.startsAt >= window.start && row.startsAt < window.end).length,
          measured: measured.length,
          completed: measured.filter((member) => member.progress.every((entry) => entry.met)).length,
        };
      }),
    );
    return { daily, weekly: perWeek };
  }
}
