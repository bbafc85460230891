import { describe, expect, it } from 'vitest';
import { ListQuotaNoticeGroups } from './listQuotaNoticeGroups.ts';

const makeSut = (now: string) =>
  new ListQuotaNoticeGroups({
    groups: { withQuotaSystem: async () => ['7', '8'] },
    clock: { now: () => new Date(now) },
    // The week of Monday 23 November ends Monday 30 November 00:00 UTC; the notice point is a day before.
    settings: { week: { startDay: 1, startTime: '00:00', timeZone: 'UTC' }, noticeBeforeEndMs: 24 * 3600_000 },
  });

describe('ListQuotaNoticeGroups', () => {
  it('lists the groups with quotas on once the notice point of the week has passed', async () => {
    expect(await makeSut('2026-11-29T01:00:00Z').execute()).toEqual(['7', '8']);
  });

  it('lists none before the notice point', async () => {
    expect(await makeSut('2026-11-28T23:00:00Z').execute()).toEqual([]);
  });
});
