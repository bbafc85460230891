import type { Clock } from '../../shared/clock.ts';
import { TICKET_STATUS_VALUES } from '../ports.ts';
import { requireTicketManager } from '../access.ts';
import type { TicketActor, TicketAnalyticsReader, TicketStatus } from '../ports.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface TicketAnalytics {
  days: number;
  since: Date;
  total: number;
  openNow: number;
  perDay: { day: string; count: number }[];
  byStatus: { status: TicketStatus; count: number }[];
  byPriority: { priority: string; count: number }[];
  medianFirstResponseSeconds: number | null;
  medianResolutionSeconds: number | null;
}

/** YYYY-MM-DD of a UTC day. */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * GET /api/support/analytics (issue 26): the Analytics tab of /support-tickets, kept to the roles admitted to that
 * page. The window is the last `days` UTC days, today included; days without a ticket are listed with 0, and every
 * status is listed, so the charts keep their axes.
 */
export class ReadTicketAnalytics {
  readonly #reader: TicketAnalyticsReader;
  readonly #clock: Clock;
  readonly #days: number;

  constructor(reader: TicketAnalyticsReader, clock: Clock, days: number) {
    this.#reader = reader;
    this.#clock = clock;
    this.#days = days;
  }

  async execute(actor: TicketActor): Promise<TicketAnalytics> {
    requireTicketManager(actor, 'view ticket analytics');
    const today = new Date(`${dayOf(this.#clock.now())}T00:00:00.000Z`);
    const since = new Date(today.getTime() - (this.#days - 1) * DAY_MS);
    const figures = await this.#reader.read(since);
    const perDay = new Map(figures.perDay.map((entry) => [entry.day, entry.count]));
    const byStatus = new Map(figures.byStatus.map((entry) => [entry.status, entry.count]));
    return {
      days: this.#days,
      since,
      total: figures.byStatus.reduce((sum, entry) => sum + entry.count, 0),
      openNow: figures.openNow,
      perDay: Array.from({ length: this.#days }, (_, index) => {
        const day = dayOf(new Date(since.getTime() + index * DAY_MS));
        return { day, count: perDay.get(day) ?? 0 };
      }),
      byStatus: TICKET_STATUS_VALUES.map((status) => ({ status, count: byStatus.get(status) ?? 0 })),
      byPriority: [...figures.byPriority].sort((a, b) => b.count - a.count || a.priority.localeCompare(b.priority)),
      medianFirstResponseSeconds: figures.medianFirstResponseSeconds,
      medianResolutionSeconds: figures.medianResolutionSeconds,
    };
  }
}
