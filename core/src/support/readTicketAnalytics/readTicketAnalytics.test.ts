import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { FixedClock } from '../../staff/testing/fakes.ts';
import type { TicketActor } from '../ports.ts';
import type { AnalyticsBucket, TicketAnalyticsReader, TicketFigures } from './TicketAnalyticsReader.ts';
import { ReadTicketAnalytics } from './readTicketAnalytics.ts';

const FIGURES: TicketFigures = {
  series: [
    { at: new Date('2026-03-04T00:00:00Z'), tickets: 2, finished: 1 },
    { at: new Date('2026-03-10T00:00:00Z'), tickets: 1, finished: 0 },
  ],
  byStatus: [
    { status: 'open', count: 2 },
    { status: 'resolved', count: 1 },
  ],
  byPriority: [
    { priority: 'low', count: 1 },
    { priority: 'urgent', count: 2 },
  ],
  openNow: 4,
  medianFirstResponseSeconds: 90,
  medianResolutionSeconds: null,
  ratings: [
    { score: 5, count: 2 },
    { score: 2, count: 1 },
  ],
  slaBreaches: 1,
  agents: [
    { staffId: 3, username: 'sam', finished: 1, ratingSum: 0, ratings: 0 },
    { staffId: 4, username: 'kim', finished: 4, ratingSum: 9, ratings: 2 },
  ],
};

class RecordingReader implements TicketAnalyticsReader {
  readonly reads: [Date, AnalyticsBucket][] = [];
  async read(since: Date, bucket: AnalyticsBucket): Promise<TicketFigures> {
    this.reads.push([since, bucket]);
    return FIGURES;
  }
}

const director: TicketActor = { id: 1, username: 'dana', role: 'customer_support_director' };
const clock = () => new FixedClock(new Date('2026-03-10T15:30:00Z'));

describe('ReadTicketAnalytics', () => {
  it('answers the issue 39 figures of a day range, filling the days, statuses and scores without tickets', async () => {
    const reader = new RecordingReader();
    const analytics = await new ReadTicketAnalytics(reader, clock()).execute(director, '7d');
    expect(reader.reads).toEqual([[new Date('2026-03-04T00:00:00Z'), 'day']]);
    expect(analytics).toMatchObject({
      range: '7d',
      tickets: 3,
      open: 4,
      firstResponseMedianMinutes: 1.5,
      resolutionMedianHours: null,
      csat: { average: 4, responses: 3 },
      slaBreaches: 1,
    });
    expect(analytics.series).toHaveLength(7);
    expect(analytics.series[0]).toEqual({ at: new Date('2026-03-04T00:00:00Z'), tickets: 2, finished: 1 });
    expect(analytics.series[1]).toEqual({ at: new Date('2026-03-05T00:00:00Z'), tickets: 0, finished: 0 });
    expect(analytics.byStatus.map((entry) => entry.count)).toEqual([2, 0, 0, 0, 1]);
    expect(analytics.byPriority.map((entry) => entry.priority)).toEqual(['urgent', 'low']);
    expect(analytics.ratings).toEqual([1, 2, 3, 4, 5].map((score) => ({ score, count: { 2: 1, 5: 2 }[score] ?? 0 })));
    expect(analytics.agents).toEqual([
      { staffId: 4, username: 'kim', finished: 4, csatAverage: 4.5 },
      { staffId: 3, username: 'sam', finished: 1, csatAverage: null },
    ]);
  });

  it('reads 24 whole UTC hours for 24h and 90 days for 90d', async () => {
    const reader = new RecordingReader();
    const sut = new ReadTicketAnalytics(reader, clock());
    expect((await sut.execute(director, '24h')).series).toHaveLength(24);
    expect((await sut.execute(director, '90d')).series).toHaveLength(90);
    expect(reader.reads).toEqual([
      [new Date('2026-03-09T16:00:00Z'), 'hour'],
      [new Date('2025-12-11T00:00:00Z'), 'day'],
    ]);
  });

  it('refuses staff outside the support tickets roles before reading anything', async () => {
    const reader = new RecordingReader();
    const sut = new ReadTicketAnalytics(reader, clock());
    await expect(sut.execute({ id: 2, username: 'mo', role: 'marketing_director' }, '7d')).rejects.toBeInstanceOf(
      Forbidden,
    );
    expect(reader.reads).toEqual([]);
  });
});
