import { describe, expect, it } from 'vitest';
import { recentActivityLines, SAMPLE_ACTIVITY } from './recentActivity.ts';

// The API always sends both; empty strings stand for the blank texts the fallbacks cover.
const at = (id: number, description: string, createdAt: string) => ({
  id,
  staffUserId: 1,
  type: 'clock_in',
  description,
  createdAt,
});

describe('recentActivityLines', () => {
  it('shows the three sample lines when there is no activity', () => {
    expect(recentActivityLines([], 5)).toEqual(SAMPLE_ACTIVITY);
    expect(recentActivityLines(null, 5)).toHaveLength(3);
  });

  it('keeps only the first five of the latest activities', () => {
    const activities = Array.from({ length: 20 }, (_, index) => at(index + 1, `event ${index + 1}`, ''));
    expect(recentActivityLines(activities, 5).map((line) => line.description)).toEqual([
      'event 1',
      'event 2',
      'event 3',
      'event 4',
      'event 5',
    ]);
  });

  it("falls back to 'Staff activity logged' and 'Just now'", () => {
    const [line] = recentActivityLines([at(1, '  ', '')], 5);
    expect(line).toEqual({ key: '1', description: 'Staff activity logged', time: 'Just now' });
  });

  it('formats the creation time when there is one', () => {
    const [line] = recentActivityLines([at(2, 'Clocked in', '2026-05-01T09:30:00.000Z')], 5, (date) =>
      date.toISOString(),
    );
    expect(line!.time).toBe('2026-05-01T09:30:00.000Z');
  });
});
