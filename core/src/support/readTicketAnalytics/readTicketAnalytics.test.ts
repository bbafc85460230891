import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { FixedClock } from '../../staff/testing/fakes.ts';
import type { TicketActor, TicketAnalyticsReader, TicketFigures } from '../ports.ts';
import { ReadTicketAnalytics } from './readTicketAnalytics.ts';

const FIGURES: TicketFigures = {
  perDay: [
    { day: '2026-03-08', count: 2 },
    { day: '2026-03-10', count: 1 },
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
};

class RecordingReader implements TicketAnalyticsReader {
  readonly sinces: Date[] = [];
  async read(since: Date): Promise<TicketFigures> {
    this.sinces.push(since);
    return FIGURES;
  }
}

const director: TicketActor = { id: 1, username: 'dana', role: 'customer_support_director' };

describe('ReadTicketAnalytics', () => {
  it('reads the last N UTC days, today included, and fills the days and statuses without tickets', async () => {
    const reader = new RecordingReader();
    const sut = new ReadTicketAnalytics(reader, new FixedClock(new Date('2026-03-10T15:30:00Z')), 3);
    const analytics = await sut.execute(director);
    expect(reader.sinces).toEqual([new Date('2026-03-08T00:00:00Z')]);
    expect(analytics.perDay).toEqual([
      { day: '2026-03-08', count: 2 },
      { day: '2026-03-09', count: 0 },
      { day: '2026-03-10', count: 1 },
    ]);
    expect(analytics.byStatus).toEqual([
      { status: 'open', count: 2 },
      { status: 'in_progress', count: 0 },
      { status: 'waiting_response', count: 0 },
      { status: 'closed', count: 0 },
      { status: 'resolved', count: 1 },
    ]);
    expect(analytics.byPriority.map((entry) => entry.priority)).toEqual(['urgent', 'low']);
    expect(analytics).toMatchObject({ days: 3, total: 3, openNow: 4, medianFirstResponseSeconds: 90 });
    expect(analytics.medianResolutionSeconds).toBeNull();
  });

  it('refuses staff outside the support tickets roles before reading anything', async () => {
    const reader = new RecordingReader();
    const sut = new ReadTicketAnalytics(reader, new FixedClock(), 30);
    await expect(sut.execute({ id: 2, username: 'mo', role: 'marketing_director' })).rejects.toBeInstanceOf(Forbidden);
    expect(reader.sinces).toEqual([]);
  });
});
