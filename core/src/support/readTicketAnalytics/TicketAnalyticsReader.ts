import type { TicketStatus } from '../ports.ts';

export type AnalyticsBucket = 'hour' | 'day';

/** Ticket figures of the tickets filed since a moment, as the store counts them (ReadTicketAnalytics shapes them). */
export interface TicketFigures {
  /** Per UTC hour or day (the bucket's start): tickets filed, and of those the ones resolved or closed by now. */
  series: { at: Date; tickets: number; finished: number }[];
  byStatus: { status: TicketStatus; count: number }[];
  byPriority: { priority: string; count: number }[];
  /** Every ticket not resolved or closed, however old: the backlog now. */
  openNow: number;
  /** Median seconds from filing to the first staff reply, over tickets that have one. */
  medianFirstResponseSeconds: number | null;
  /** Median seconds from filing to the last change of resolved and closed tickets. */
  medianResolutionSeconds: number | null;
  /** Satisfaction ratings given, per score (scores nobody gave may be missing). */
  ratings: { score: number; count: number }[];
  /** Tickets whose SLA was breached. */
  slaBreaches: number;
  /** Per claimer: tickets resolved or closed, and the sum and number of their ratings. */
  agents: { staffId: number; username: string; finished: number; ratingSum: number; ratings: number }[];
}

export interface TicketAnalyticsReader {
  read(since: Date, bucket: AnalyticsBucket): Promise<TicketFigures>;
}
