import { describe, expect, it } from 'vitest';
import { quotaWeekOf } from './quotaWeek.ts';

describe('quotaWeekOf', () => {
  it('starts on the configured weekday and time in UTC', () => {
    const week = quotaWeekOf(new Date('2026-11-26T12:00:00Z'), { startDay: 1, startTime: '00:00', timeZone: 'UTC' });
    expect(week.start.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(week.end.toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect([week.firstDay, week.lastDay]).toEqual(['2026-11-23', '2026-11-29']);
  });

  it('rolls over at the local time of the zone, not UTC', () => {
    const settings = { startDay: 0, startTime: '18:00', timeZone: 'America/New_York' };
    // Sunday 22:59 UTC is 17:59 in New York (EST): still last week.
    expect(quotaWeekOf(new Date('2026-11-29T22:59:00Z'), settings).start.toISOString()).toBe(
      '2026-11-22T23:00:00.000Z',
    );
    // One minute later, 18:00 local: the new week.
    expect(quotaWeekOf(new Date('2026-11-29T23:00:00Z'), settings).start.toISOString()).toBe(
      '2026-11-29T23:00:00.000Z',
    );
  });

  it('keeps the local rollover across a DST change (that week is an hour shorter)', () => {
    const week = quotaWeekOf(new Date('2026-03-26T12:00:00Z'), {
      startDay: 1,
      startTime: '09:00',
      timeZone: 'Europe/London',
    });
    expect(week.start.toISOString()).toBe('2026-03-23T09:00:00.000Z');
    // Clocks go forward on 29 March: Monday 09:00 BST is 08:00 UTC.
    expect(week.end.toISOString()).toBe('2026-03-30T08:00:00.000Z');
  });
});
