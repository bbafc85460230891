import { describe, expect, it } from 'vitest';
import { InMemoryCustomerRepository, makeCustomer } from '../../customer/testing/fakes.ts';
import { InMemoryConnectedGroups, InMemoryNotifications } from '../testing/fakes.ts';
import type { ConnectedGroup } from '../groupPorts.ts';
import type { MemberTotals } from '../workspacePorts.ts';
import { NotifyQuotaBehind } from './notifyQuotaBehind.ts';

const totals = (userId: string, rankId: number, minutes: number): MemberTotals => ({
  userId,
  username: `U${userId}`,
  rankId,
  rankName: `R${rankId}`,
  minutes,
  sessionsHosted: 0,
  sessionsAttended: 0,
});

function makeSut(now: string, quotaSystem = true) {
  const customers = new InMemoryCustomerRepository()
    .add(makeCustomer({ id: 1, robloxId: '43', isVerified: true }))
    .add(makeCustomer({ id: 2, robloxId: '44', isVerified: true }))
    .add(makeCustomer({ id: 3, robloxId: '45', isVerified: true }))
    .add(makeCustomer({ id: 4, robloxId: '47', isVerified: false }));
  const groups = new InMemoryConnectedGroups();
  groups.rows.set('7', { groupId: '7', name: 'Cafe', quotaSystem, settings: {} } as ConnectedGroup);
  const notifications = new InMemoryNotifications();
  const sut = new NotifyQuotaBehind({
    groups,
    quotas: {
      list: async () => [{ id: 1, name: 'Weekly minutes', kind: 'minutes-in-game', amount: 120, rankIds: [10] }],
    },
    // 43 met it, 44 is behind, 45 is behind but on time off, 46 has no account, 47 only an unproven claim.
    figures: {
      memberTotals: async () => [
        totals('43', 10, 200),
        totals('44', 10, 30),
        totals('45', 10, 0),
        totals('46', 10, 0),
        totals('47', 10, 0),
      ],
    },
    timeOff: { excusedBetween: async () => new Set(['45']) },
    customers,
    notifications,
    clock: { now: () => new Date(now) },
    settings: {
      week: { startDay: 1, startTime: '00:00', timeZone: 'UTC' },
      sessionCapMs: 6 * 3600_000,
      attendanceMs: 3600_000,
      noticeBeforeEndMs: 24 * 3600_000,
    },
  });
  return { sut, notifications };
}

describe('NotifyQuotaBehind', () => {
  it('once the notice point of the week has passed, tells each member behind, once per week', async () => {
    // The week of Monday 23 November ends Monday 30 November 00:00 UTC; the notice point is a day before.
    const { sut, notifications } = makeSut('2026-11-29T01:00:00Z');
    expect(await sut.execute('7')).toBe(1);
    expect(notifications.rows).toEqual([
      expect.objectContaining({
        customerId: 2,
        kind: 'quota-behind',
        title: 'Behind on your quota in Cafe',
        message: 'Weekly minutes: 30 of 120. The week ends 2026-11-30T00:00:00.000Z.',
      }),
    ]);
    await sut.execute('7');
    expect(notifications.rows).toHaveLength(1);
  });

  it('tells nobody before the notice point, nor in a group with quotas off', async () => {
    const early = makeSut('2026-11-28T23:00:00Z');
    expect(await early.sut.execute('7')).toBe(0);
    const off = makeSut('2026-11-29T01:00:00Z', false);
    expect(await off.sut.execute('7')).toBe(0);
    expect([...early.notifications.rows, ...off.notifications.rows]).toEqual([]);
  });
});
