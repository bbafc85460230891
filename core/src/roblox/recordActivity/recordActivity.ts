import { Conflict, Forbidden, Invalid, Unauthenticated } from '../../shared/errors.ts';
import type { Clock } from '../../shared/clock.ts';
import type { ActivityAccepted, ActivityEvent, ActivityLedger, ConnectedGroups } from '../groupPorts.ts';

export interface ActivitySettings {
  bulkMaxEvents: number;
  /** ACTIVITY_REPORT_MAX_AGE_SECONDS: a report whose sentAt is further than this from our clock is refused. */
  reportMaxAgeMs: number;
}

/** One POST from a game server: its events, and the stamp that makes it single-use. */
export interface ActivityReportInput {
  eventId: string;
  sentAt: Date;
  events: ActivityEvent[];
}

/** The smallest step between two Dates. */
const DATE_RESOLUTION_MS = 1;

export const REPORT_REPEATED = 'This report was already received (repeated eventId)';
export const REPORT_STALE = 'This report was not sent just now (sentAt too far from the server clock)';

/**
 * POST /api/roblox/groups/{id}/activity/sessions from a game server holding the group's activity key. Times are
 * the server's clock at arrival (game servers' clocks are not trusted); a repeated start or end changes nothing.
 * A report is single-use: one whose eventId was seen, or whose sentAt is more than the allowed age away from our
 * clock (either way, so a report stamped in the future cannot outlive the memory of its eventId), is refused with
 * 409, so a captured report cannot be replayed.
 */
export class RecordActivity {
  readonly #connected: ConnectedGroups;
  readonly #ledger: ActivityLedger;
  readonly #clock: Clock;
  readonly #settings: ActivitySettings;

  constructor(connected: ConnectedGroups, ledger: ActivityLedger, clock: Clock, settings: ActivitySettings) {
    this.#connected = connected;
    this.#ledger = ledger;
    this.#clock = clock;
    this.#settings = settings;
  }

  async execute(
    groupId: string,
    presentedKey: string | undefined,
    report: ActivityReportInput,
  ): Promise<ActivityAccepted> {
    // An unknown group and a wrong key answer alike, so the key cannot be probed per group.
    const holder = presentedKey ? await this.#connected.activityKeyHolder(groupId, presentedKey) : null;
    if (!holder) throw new Unauthenticated('ROBLOX.ACTIVITY_KEY_INVALID', 'Invalid activity key');
    if (!holder.activityTracking)
      throw new Forbidden('ROBLOX.ACTIVITY_TRACKING_OFF', 'Activity tracking is turned off for this group');
    const { events } = report;
    if (events.length > this.#settings.bulkMaxEvents) {
      throw new Invalid('ROBLOX.REPORT_TOO_LARGE', `At most ${this.#settings.bulkMaxEvents} events per report`, [
        { path: ['events'], message: `At most ${this.#settings.bulkMaxEvents} events per report` },
      ]);
    }
    const now = this.#clock.now();
    const maxAge = this.#settings.reportMaxAgeMs;
    if (Math.abs(now.getTime() - report.sentAt.getTime()) > maxAge)
      throw new Conflict('ROBLOX.REPORT_STALE', REPORT_STALE);
    // Past sentAt + max age the report is stale anyway, so its eventId need not be kept longer. A receipt is free
    // again at keepUntil itself, which must therefore be the first instant the report is stale, not the last it is not.
    const keepUntil = new Date(report.sentAt.getTime() + maxAge + DATE_RESOLUTION_MS);
    const result = await this.#ledger.record(groupId, events, now, { eventId: report.eventId, keepUntil });
    if (!result) throw new Conflict('ROBLOX.REPORT_REPEATED', REPORT_REPEATED);
    return { accepted: events.length, ...result };
  }
}
