import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { InMemoryCustomerRepository, makeCustomer } from '../../customer/testing/fakes.ts';
import { connectGroupSchema } from '../../contracts/roblox.ts';
import { groupsOf, InMemoryConnectedGroups, InMemoryRoblox, SequentialRandom, RANK_CHECK } from '../testing/fakes.ts';
import { GroupAccessPolicy } from '../groupAccess.ts';
import { ConnectGroup } from '../connectGroup/connectGroup.ts';
import { ReplaceQuotas } from '../replaceQuotas/replaceQuotas.ts';
import { InMemoryQuotas } from '../testing/workspaceFakes.ts';
import { InMemoryOpenCloudKeys, newOpenCloudKey } from '../testing/fakes.ts';
import { InMemoryRoster } from '../testing/rosterFakes.ts';
import { QuotaRoster } from '../quotaRoster.ts';
import type { MemberTotals } from '../workspacePorts.ts';
import { ReadQuotaProgress } from './readQuotaProgress.ts';

const totals = (userId: string, rankId: number | null, minutes: number, hosted = 0, attended = 0): MemberTotals => ({
  userId,
  username: `U${userId}`,
  rankId,
  rankName: rankId === null ? null : `R${rankId}`,
  minutes,
  sessionsHosted: hosted,
  sessionsAttended: attended,
});

async function makeSut(maxMembers = 100) {
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
  roblox.join('44', '7', 'Staff');
  roblox.join('45', '7', 'Staff');
  roblox.join('46', '7', 'Member');
  // Staff who never played: GroupFlow has no record of them at all.
  roblox.addUser('47', 'NeverPlayed');
  roblox.join('47', '7', 'Staff');
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
      return [
        totals('43', 10, 200, 1, 2),
        totals('44', 10, 30),
        totals('45', 10, 0),
        totals('46', 1, 0),
        // Known only from the game's reports, and Roblox does not list them at a quota rank.
        totals('48', null, 15),
        // Stored at a quota rank, but has left the group since.
        totals('49', 10, 5),
        // A visitor seen in an earlier week: nothing to show.
        totals('50', null, 0),
      ];
    },
  };
  const timeOff = { excusedBetween: async () => new Set(['45']) };
  const clock = { now: () => new Date('2026-11-26T12:00:00Z') };
  const roster = new InMemoryRoster(roblox);
  const keys = new InMemoryOpenCloudKeys();
  const sut = new ReadQuotaProgress(
    access,
    quotas,
    figures,
    timeOff,
    new QuotaRoster(groupsOf(roblox), roster, keys, { maxMembers }),
    clock,
    {
      week: { startDay: 1, startTime: '00:00', timeZone: 'UTC' },
      sessionCapMs: 6 * 3600_000,
      attendanceMs: 3600_000,
    },
  );
  return { sut, replaceQuotas: new ReplaceQuotas(access, quotas), windows, roster, keys };
}

const MINUTES_FOR_STAFF = [{ name: 'Minutes', kind: 'minutes-in-game' as const, amount: 60, rankIds: [10] }];

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
    expect(progress.rosterComplete).toBe(true);
  });

  it('lists every member the roster holds at a quota rank, and whom Roblox does not list there, with why', async () => {
    const { sut, replaceQuotas, roster } = await makeSut();
    await replaceQuotas.execute(1, '7', MINUTES_FOR_STAFF);
    const progress = await sut.execute(1, '7');
    const byId = Object.fromEntries(progress.members.map((member) => [member.userId, member]));
    // Never played, unknown to GroupFlow: listed from the roster at 0, behind.
    expect(byId['47']).toMatchObject({ username: 'NeverPlayed', rankId: 10, rankName: 'Staff', behind: true });
    expect(byId['47']!.progress[0]).toMatchObject({ value: 0, met: false });
    expect(byId['47']!.rankUnknown).toBeNull();
    // Played, but Roblox lists no quota rank for them: shown with the reason, never chased.
    expect(byId['48']).toMatchObject({ rankUnknown: 'not-in-roster', rankId: null, behind: false, progress: [] });
    expect(byId['49']).toMatchObject({ rankUnknown: 'not-in-roster', rankId: null, behind: false });
    expect(byId['50']).toBeUndefined();
    expect(progress.members.map((member) => member.userId)).toEqual(['47', '43', '44', '45', '48', '49']);
    // Read through the public groups API: the group saved no key.
    expect(new Set(roster.keysUsed)).toEqual(new Set([null]));
  });

  it("reads the roster with the group's own Open Cloud key when it saved one", async () => {
    const { sut, replaceQuotas, roster, keys } = await makeSut();
    await keys.save('7', newOpenCloudKey('group-key', { permissions: ['group:read'] }));
    await replaceQuotas.execute(1, '7', MINUTES_FOR_STAFF);
    await sut.execute(1, '7');
    expect(new Set(roster.keysUsed)).toEqual(new Set(['group-key']));
  });

  it('keeps the members GroupFlow knows, at their stored rank, when Roblox cannot answer', async () => {
    const { sut, replaceQuotas, roster } = await makeSut();
    await replaceQuotas.execute(1, '7', MINUTES_FOR_STAFF);
    roster.down = true;
    const progress = await sut.execute(1, '7');
    expect(progress.rosterComplete).toBe(false);
    const byId = Object.fromEntries(progress.members.map((member) => [member.userId, member]));
    expect(byId['44']).toMatchObject({ rankUnknown: 'roblox-unavailable', rankId: 10, behind: false });
    expect(byId['44']!.progress[0]).toMatchObject({ value: 30, met: false });
    expect(byId['48']).toMatchObject({ rankUnknown: 'roblox-unavailable', rankId: null });
    expect(byId['47']).toBeUndefined();
  });

  it('says so when the roster was cut at its size limit', async () => {
    const { sut, replaceQuotas } = await makeSut(2);
    await replaceQuotas.execute(1, '7', MINUTES_FOR_STAFF);
    const progress = await sut.execute(1, '7');
    expect(progress.rosterComplete).toBe(false);
    const unknown = progress.members.filter((member) => member.rankUnknown !== null);
    expect(unknown.every((member) => member.rankUnknown === 'roster-incomplete')).toBe(true);
    expect(progress.members.filter((member) => member.rankUnknown === null)).toHaveLength(2);
  });

  it('reads the week holding ?week=, and shows a non-manager only their own row', async () => {
    const { sut, replaceQuotas } = await makeSut();
    await replaceQuotas.execute(1, '7', [{ name: 'Minutes', kind: 'minutes-in-game', amount: 60, rankIds: [10] }]);
    const past = await sut.execute(1, '7', '2026-11-04');
    expect([past.week.firstDay, past.week.lastDay]).toEqual(['2026-11-02', '2026-11-08']);
    const own = await sut.execute(2, '7');
    expect(own.members.map((member) => member.userId)).toEqual(['43']);
    expect(own.members[0]).toMatchObject({ rankId: 10, rankName: 'Staff', rankUnknown: null });
    await expect(replaceQuotas.execute(2, '7', [])).rejects.toBeInstanceOf(Forbidden);
  });
});
