import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { InMemoryCustomerRepository, makeCustomer } from '../../customer/testing/fakes.ts';
import { connectGroupSchema } from '../../contracts/roblox.ts';
import { groupsOf, InMemoryConnectedGroups, InMemoryRoblox, SequentialRandom, RANK_CHECK } from '../testing/fakes.ts';
import { GroupAccessPolicy } from '../groupAccess.ts';
import { ConnectGroup } from '../connectGroup/connectGroup.ts';
import type { MemberTotals, ScheduledSession } from '../workspacePorts.ts';
import { ReadAnalytics } from './readAnalytics.ts';

const now = new Date('2026-11-26T12:00:00Z');
const member = (userId: string, minutes: number): MemberTotals => ({
  userId,
  username: userId,
  rankId: 10,
  rankName: 'Staff',
  minutes,
  sessionsHosted: 0,
  sessionsAttended: 0,
});

describe('ReadAnalytics', () => {
  it('gives per-week sessions and the share of measured members who met their quotas, time off excused', async () => {
    const customers = new InMemoryCustomerRepository()
      .add(makeCustomer({ id: 1, robloxId: '42', robloxUsername: 'Owner', isVerified: true }))
      .add(makeCustomer({ id: 2, robloxId: '43', robloxUsername: 'Staff', isVerified: true }));
    const roblox = new InMemoryRoblox();
    roblox.addGroup('7', 'Cafe', [
      ['Staff', 10],
      ['Owner', 255],
    ]);
    roblox.join('42', '7', 'Owner');
    roblox.join('43', '7', 'Staff');
    const connected = new InMemoryConnectedGroups();
    await new ConnectGroup(customers, roblox, groupsOf(roblox), connected, new SequentialRandom(), RANK_CHECK).execute(
      1,
      connectGroupSchema.parse({ groupId: '7', rankPermissions: [{ rankId: 10, canAccessWorkspace: true }] }),
    );
    const session = (startsAt: string) => ({ startsAt: new Date(startsAt) }) as ScheduledSession;
    const sut = new ReadAnalytics(
      new GroupAccessPolicy(customers, roblox, connected, RANK_CHECK),
      { dailyActivity: async () => [{ day: '2026-11-26', minutes: 30, activeMembers: 2 }] },
      {
        memberTotals: async (_g, window) =>
          window.from.toISOString().startsWith('2026-11-23')
            ? [member('a', 90), member('b', 10), member('c', 0)]
            : [member('a', 0)],
      },
      {
        list: async () => [{ id: 1, name: 'Minutes', kind: 'minutes-in-game', amount: 60, rankIds: [10] }],
        replace: async () => [],
      },
      {
        upcoming: async () => [
          session('2026-11-24T18:00:00Z'),
          session('2026-11-17T18:00:00Z'),
          session('2026-11-25T18:00:00Z'),
        ],
      },
      { excusedBetween: async () => new Set(['c']) },
      { now: () => now },
      {
        week: { startDay: 1, startTime: '00:00', timeZone: 'UTC' },
        sessionCapMs: 1,
        attendanceMs: 1,
        days: 30,
        weeks: 2,
      },
    );
    const analytics = await sut.execute(1, '7');
    expect(analytics.daily).toEqual([{ day: '2026-11-26', minutes: 30, activeMembers: 2 }]);
    expect(analytics.weekly).toEqual([
      { weekStart: '2026-11-16', sessions: 1, measured: 1, completed: 0 },
      { weekStart: '2026-11-23', sessions: 2, measured: 2, completed: 1 },
    ]);
    await expect(sut.execute(2, '7')).rejects.toBeInstanceOf(Forbidden);
  });
});
