import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { InMemoryCustomerRepository, makeCustomer } from '../../customer/testing/fakes.ts';
import { connectGroupSchema } from '../../contracts/roblox.ts';
import { groupsOf, InMemoryConnectedGroups, InMemoryRoblox, SequentialRandom, RANK_CHECK } from '../testing/fakes.ts';
import { GroupAccessPolicy } from '../groupAccess.ts';
import { ConnectGroup } from '../connectGroup/connectGroup.ts';
import { ReplaceQuotas } from '../replaceQuotas/replaceQuotas.ts';
import { InMemoryQuotas } from '../testing/workspaceFakes.ts';
import type { MemberTotals } from '../workspacePorts.ts';
import { ReadQuotaProgress } from './readQuotaProgress.ts';

const totals = (userId: string, rankId: number, minutes: number, hosted = 0, attended = 0): MemberTotals => ({
  userId,
  username: `U${userId}`,
  rankId,
  rankName: `R${rankId}`,
  minutes,
  sessionsHosted: hosted,
  sessionsAttended: attended,
});

async function makeSut() {
  const customers = new InMemoryCustomerRepository()
    .add(makeCustomer({ id: 1, robloxId: '42', robloxUsername: 'Owner', isVerified: true }))
    .add(makeCustomer({ id: 2, robloxId: '43', robloxUsername: 'Staff', isVerified: true }));
  const roblox = new InMemoryRoblox();
  roblox.addGroup('7', 'Cafe', [
    ['Member', 1],
    ['Staff', 10],
    ['Owner', 255],
  ]);
  roblox.join('42', '7', 'Owner');
  roblox.join('43', '7', 'Staff');
  const connected = new InMemoryConnectedGroups();
  await new ConnectGroup(customers, roblox, groupsOf(roblox), connected, new SequentialRandom(), RANK_CHECK).execute(
    1,
    connectGroupSchema.parse({
      groupId: '7',
      quotaSystem: true,
      rankPermissions: [{ rankId: 10, canAccessWorkspace: true }],
    }),
  );
  const access = new GroupAccessPolicy(customers, roblox, connected, RANK_CHECK);
  const quotas = new InMemoryQuotas();
  const windows: { from: Date; to: Date }[] = [];
  const figures = {
    memberTotals: async (_g: string, window: { from: Date; to: Date }) => {
      windows.push(window);
      return [totals('43', 10, 200, 1, 2), totals('44', 10, 30), totals('45', 10, 0), totals('46', 1, 0)];
    },
  };
  const timeOff = { excusedBetween: async () => new Set(['45']) };
  const clock = { now: () => new Date('2026-11-26T12:00:00Z') };
  const sut = new ReadQuotaProgress(access, quotas, figures, timeOff, clock, {
    week: { startDay: 1, startTime: '00:00', timeZone: 'UTC' },
    sessionCapMs: 6 * 3600_000,
    attendanceMs: 3600_000,
  });
  return { sut, replaceQuotas: new ReplaceQuotas(access, quotas), windows };
}

describe('ReadQuotaProgress', () => {
  it('measures each member of a quota rank this week; who falls short is behind, time off excuses', async () => {
    const { sut, replaceQuotas, windows } = await makeSut();
    await replaceQuotas.execute(1, '7', [
      { name: 'Weekly minutes', kind: 'minutes-in-game', amount: 120, rankIds: [10, 10] },
      { name: 'Attend', kind: 'sessions-attended', amount: 2, rankIds: [10] },
    ]);
    const progress = await sut.execute(1, '7');
    expect(progress.enabled).toBe(true);
    expect(progress.week.start.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(windows[0]).toEqual({ from: progress.week.start, to: progress.week.end });
    expect(progress.quotas[0]!.rankIds).toEqual([10]);
    const byId = Object.fromEntries(progress.members.map((member) => [member.userId, member]));
    expect(byId['43']).toMatchObject({ behind: false, excused: false });
    expect(byId['43']!.progress.map((entry) => [entry.value, entry.percent, entry.met])).toEqual([
      [200, 100, true],
      [2, 100, true],
    ]);
    expect(byId['44']).toMatchObject({ behind: true });
    expect(byId['44']!.progress[0]).toMatchObject({ value: 30, percent: 25, met: false });
    expect(byId['45']).toMatchObject({ behind: false, excused: true });
    // Rank 1 has no quota: not listed.
    expect(byId['46']).toBeUndefined();
  });

  it('reads the week holding ?week=, and shows a non-manager only their own row', async () => {
    const { sut, replaceQuotas } = await makeSut();
    await replaceQuotas.execute(1, '7', [{ name: 'Minutes', kind: 'minutes-in-game', amount: 60, rankIds: [10] }]);
    const past = await sut.execute(1, '7', '2026-11-04');
    expect([past.week.firstDay, past.week.lastDay]).toEqual(['2026-11-02', '2026-11-08']);
    const own = await sut.execute(2, '7');
    expect(own.members.map((member) => member.userId)).toEqual(['43']);
    await expect(replaceQuotas.execute(2, '7', [])).rejects.toBeInstanceOf(Forbidden);
  });
});
