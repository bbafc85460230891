import type { Clock } from '../../shared/clock.ts';
import { TICKET_STATUS_VALUES } from '../ports.ts';
import { requireTicketManager } from '../access.ts';
import type { TicketActor, TicketStatus } from '../ports.ts';
import type { AnalyticsBucket, TicketAnalyticsReader } from './TicketAnalyticsReader.ts';

/** The Analytics tab's range buttons (spec 2 section 3). */
export const ANALYTICS_RANGES = ['24h', '7d', '30d', '90d'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const RANGES: Record<AnalyticsRange, { bucket: AnalyticsBucket; count: number }> = {
  '24h': { bucket: 'hour', count: 24 },
  '7d': { bucket: 'day', count: 7 },
  '30d': { bucket: 'day', count: 30 },
  '90d': { bucket: 'day', count: 90 },
};
const BUCKET_MS: Record<AnalyticsBucket, number> = { hour: HOUR_MS, day: DAY_MS };
/** Satisfaction scores run 1 to 5 (the rating contract). */
export const RATING_SCORES = [1, 2, 3, 4, 5] as const;
/** Members the tab ranks. */
export const ANALYTICS_TOP_AGENTS = 5;

export interface TicketAnalytics {
  range: AnalyticsRange;
  bucket: AnalyticsBucket;
  since: Date;
  /** Tickets filed in the range. */
  tickets: number;
  /** Tickets not resolved or closed now, however old. */
  open: number;
  firstResponseMedianMinutes: number | null;
  resolutionMedianHours: number | null;
  csat: { average: number | null; responses: number };
  slaBreaches: number;
  series: { at: Date; tickets: number; finished: number }[];
  byStatus: { status: TicketStatus; count: number }[];
  byPriority: { priority: string; count: number }[];
  ratings: { score: number; count: number }[];
  agents: { staffId: number; username: string; finished: number; csatAverage: number | null }[];
}

/** One decimal: the screen's precision. */
const tenths = (value: number) => Math.round(value * 10) / 10;
const average = (sum: number, count: number) => (count === 0 ? null : Math.round((sum / count) * 100) / 100);

/**
 * GET /api/support/analytics?range= (issue 39): the Analytics tab of /support-tickets, kept to the roles admitted to
 * that page. A range is whole UTC buckets ending with the current one (24 hours, or 7, 30, 90 days, today included);
 * buckets, statuses and scores without a ticket are listed with 0, so the charts keep their axes.
 */
export class ReadTicketAnalytics {
  readonly #reader: TicketAnalyticsReader;
  readonly #clock: Clock;

  constructor(reader: TicketAnalyticsReader, clock: Clock) {
    this.#reader = reader;
    this.#clock = clock;
  }

  async execute(actor: TicketActor, range: AnalyticsRange): Promise<TicketAnalytics> {
    requireTicketManager(actor, 'view ticket analytics');
    const { bucket, count } = RANGES[range];
    const size = BUCKET_MS[bucket];
    const current = Math.floor(this.#clock.now().getTime() / size) * size;
    const since = new Date(current - (count - 1) * size);
    const figures = await this.#reader.read(since, bucket);
    const series = new Map(figures.series.map((entry) => [entry.at.getTime(), entry]));
    const byStatus = new Map(figures.byStatus.map((entry) => [entry.status, entry.count]));
    const ratings = new Map(figures.ratings.map((entry) => [entry.score, entry.count]));
    const responses = figures.ratings.reduce((sum, entry) => sum + entry.count, 0);
    const scoreSum = figures.ratings.reduce((sum, entry) => sum + entry.score * entry.count, 0);
    return {
      range,
      bucket,
      since,
      tickets: figures.byStatus.reduce((sum, entry) => sum + entry.count, 0),
      open: figures.openNow,
      firstResponseMedianMinutes:
        figures.medianFirstResponseSeconds === null ? null : tenths(figures.medianFirstResponseSeconds / 60),
      resolutionMedianHours:
        figures.medianResolutionSeconds === null ? null : tenths(figures.medianResolutionSeconds / 3600),
      csat: { average: average(scoreSum, responses), responses },
      slaBreaches: figures.slaBreaches,
      series: Array.from({ length: count }, (_, index) => {
        const at = since.getTime() + index * size;
        const entry = series.get(at);
        return { at: new Date(at), tickets: entry?.tickets ?? 0, finished: entry?.finished ?? 0 };
      }),
      byStatus: TICKET_STATUS_VALUES.map((status) => ({ status, count: byStatus.get(status) ?? 0 })),
      byPriority: [...figures.byPriority].sort((a, b) => b.count - a.count || a.priority.localeCompare(b.priority)),
      ratings: RATING_SCORES.map((score) => ({ score, count: ratings.get(score) ?? 0 })),
      agents: [...figures.agents]
        .sort((a, b) => b.finished - a.finished || a.username.localeCompare(b.username))
        .slice(0, ANALYTICS_TOP_AGENTS)
        .map((agent) => ({
          staffId: agent.staffId,
          username: agent.username,
          finished: agent.finished,
          csatAverage: average(agent.ratingSum, agent.ratings),
        })),
    };
  }
}
