import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { connectedWorkspace, GROUP, MEMBER, OWNER, STAFF } from '../testing/workspace.ts';
import { InMemoryGroupRecords } from '../testing/workspaceFakes.ts';
import { ReadGroupStats } from './readGroupStats.ts';

const now = new Date('2026-11-26T12:34:00Z');

describe('ReadGroupStats', () => {
  it("adds GroupFlow's records to the reported figures of today (from UTC midnight)", async () => {
    const { access } = await connectedWorkspace();
    const records = new InMemoryGroupRecords();
    await records.addApplication(GROUP, { applicantName: 'Newbie', desiredRank: 'Staff' }, OWNER);
    const dayStarts: Date[] = [];
    const ledger = {
      figures: async (_groupId: string, _now: Date, _cap: number, dayStart: Date) => {
        dayStarts.push(dayStart);
        return { trackedMembers: 2, activeStaff: 1, sessionsToday: 3, minutesToday: 45, lastActivityAt: now };
      },
    };
    const sut = new ReadGroupStats(access, records, ledger, { now: () => now }, { sessionCapMs: 1 });
    expect(await sut.execute(STAFF, GROUP)).toEqual({
      // Roblox's member count (10) beats the few members GroupFlow has seen.
      totalMembers: 10,
      trackedMembers: 2,
      activeStaff: 1,
      sessionsToday: 3,
      minutesToday: 45,
      pendingApplications: 1,
      trainingSessions: 0,
      lastActivityAt: now,
    });
    expect(dayStarts).toEqual([new Date('2026-11-26T00:00:00Z')]);
    await expect(sut.execute(MEMBER, GROUP)).rejects.toBeInstanceOf(Forbidden);
  });
});
