import type { Clock } from '../../shared/clock.ts';
import type { CustomerRepository } from '../../customer/ports.ts';
import type { CustomerNotifications } from '../../notifications/ports.ts';
import type { ConnectedGroups } from '../groupPorts.ts';
import { quotaWeekOf, type QuotaWeek } from '../quotaWeek.ts';
import { progressOf, type QuotaProgressSettings } from '../readQuotaProgress/readQuotaProgress.ts';
import type { GroupQuotas, MemberFigures, TimeOffRequests } from '../workspacePorts.ts';

export interface QuotaBehindSettings extends QuotaProgressSettings {
  /** How long before the week rolls over members behind are told (QUOTA_BEHIND_NOTICE_HOURS). */
  noticeBeforeEndMs: number;
}

/** The quota week whose notice point has passed by `now`; null before that point. */
export function noticeWeek(
  now: Date,
  settings: Pick<QuotaBehindSettings, 'week' | 'noticeBeforeEndMs'>,
): QuotaWeek | null {
  const week = quotaWeekOf(now, settings.week);
  return now.getTime() >= week.end.getTime() - settings.noticeBeforeEndMs ? week : null;
}

/**
 * The weekly "quota behind" notice: once the configured point of the quota week has passed, every member of a group
 * with quotas on who is behind on one of their rank's quotas (and not excused by approved time off) is told, once
 * per week however often the job runs.
 */
export class NotifyQuotaBehind {
  readonly #groups: Pick<ConnectedGroups, 'find'>;
  readonly #quotas: Pick<GroupQuotas, 'list'>;
  readonly #figures: MemberFigures;
  readonly #timeOff: Pick<TimeOffRequests, 'excusedBetween'>;
  readonly #customers: Pick<CustomerRepository, 'findByRobloxId'>;
  readonly #notifications: CustomerNotifications;
  readonly #clock: Clock;
  readonly #settings: QuotaBehindSettings;

  constructor(deps: {
    groups: Pick<ConnectedGroups, 'find'>;
    quotas: Pick<GroupQuotas, 'list'>;
    figures: MemberFigures;
    timeOff: Pick<TimeOffRequests, 'excusedBetween'>;
    customers: Pick<CustomerRepository, 'findByRobloxId'>;
    notifications: CustomerNotifications;
    clock: Clock;
    settings: QuotaBehindSettings;
  }) {
    this.#groups = deps.groups;
    this.#quotas = deps.quotas;
    this.#figures = deps.figures;
    this.#timeOff = deps.timeOff;
    this.#customers = deps.customers;
    this.#notifications = deps.notifications;
    this.#clock = deps.clock;
    this.#settings = deps.settings;
  }

  /** How many members were told (again asking tells nobody twice). */
  async execute(groupId: string): Promise<number> {
    const week = noticeWeek(this.#clock.now(), this.#settings);
    const group = await this.#groups.find(groupId);
    if (!week || !group?.quotaSystem) return 0;
    const [quotas, totals, excused] = await Promise.all([
      this.#quotas.list(groupId),
      this.#figures.memberTotals(
        groupId,
        { from: week.start, to: week.end },
        this.#clock.now(),
        this.#settings.sessionCapMs,
        this.#settings.attendanceMs,
      ),
      this.#timeOff.excusedBetween(groupId, week.firstDay, week.lastDay),
    ]);
    let told = 0;
    for (const member of totals) {
      const standing = progressOf(member, quotas, excused.has(member.userId), true);
      if (!standing.behind) continue;
      const customer = await this.#customers.findByRobloxId(member.userId);
      if (!customer?.isVerified) continue;
      const unmet = standing.progress
        .filter((entry) => !entry.met)
        .map((entry) => `${entry.name}: ${entry.value} of ${entry.amount}`);
      await this.#notifications.notify(customer.id, {
        kind: 'quota-behind',
        title: `Behind on your quota in ${group.name}`,
        message: `${unmet.join('; ')}. The week ends ${week.end.toISOString()}.`,
        dedupeKey: `quota-behind:${groupId}:${week.firstDay}`,
      });
      told++;
    }
    return told;
  }
}
