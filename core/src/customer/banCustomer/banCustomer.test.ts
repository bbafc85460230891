import { describe, expect, it } from 'vitest';
import { Conflict, Forbidden, NotFound } from '../../shared/errors.ts';
import {
  FixedClock,
  InMemoryStaffActivityLog,
  SpyTransaction,
  T0,
  makeStaffMember,
} from '../../staff/testing/fakes.ts';
import type { StaffRole } from '../../staff/roles.ts';
import {
  InMemoryBanSources,
  InMemoryCustomerAccounts,
  InMemoryCustomerSessions,
  makeCustomerAccount,
  RecordingCustomerTabs,
} from '../testing/fakes.ts';
import { RecordingRoleSync } from '../../roblox/testing/fakes.ts';
import { BanCustomer } from './banCustomer.ts';

const makeSut = (role: StaffRole = 'customer_support_director') => {
  const actor = makeStaffMember({ id: 5, username: 'dana', role });
  const accounts = new InMemoryCustomerAccounts()
    .add(makeCustomerAccount({ id: 7, username: 'raider', discordId: '700' }))
    .add(makeCustomerAccount({ id: 8, username: 'bystander' }));
  const sessions = new InMemoryCustomerSessions();
  sessions.sessions.push({ id: 'a', customerId: 7 }, { id: 'b', customerId: 7 }, { id: 'c', customerId: 8 });
  const activities = new InMemoryStaffActivityLog();
  const transaction = new SpyTransaction();
  const sources = new InMemoryBanSources({ ticket: [42], policy_violation: [3] });
  const roleSync = new RecordingRoleSync();
  const tabs = new RecordingCustomerTabs();
  const sut = new BanCustomer(accounts, sessions, sources, activities, transaction, new FixedClock(), roleSync, tabs);
  return { sut, actor, accounts, sessions, activities, transaction, roleSync, sources, tabs };
};

describe('BanCustomer', () => {
  it("syncs the banned member's Discord roles everywhere, so no server keeps their bound roles (issue 35)", async () => {
    const { sut, actor, roleSync } = makeSut();
    await sut.execute(actor, { userId: 7, reason: 'Scam links' });
    expect(roleSync.users).toEqual(['700']);
  });

  it("tells the banned customer's open tabs they were signed out, with the reason, and no one else's", async () => {
    const { sut, actor, tabs } = makeSut();
    await sut.execute(actor, { userId: 7, reason: '  Scam links ' });
    expect(tabs.signedOut).toEqual([{ customerId: 7, reason: 'Scam links' }]);
  });

  it('signs no tab out when the ban is refused', async () => {
    const { sut, actor, tabs } = makeSut();
    await expect(sut.execute(actor, { userId: 7, reason: 'x', source: { kind: 'ticket', id: 999 } })).rejects.toThrow(
      NotFound,
    );
    expect(tabs.signedOut).toEqual([]);
  });

  it('syncs nothing when the ban is refused', async () => {
    const { sut, actor, roleSync } = makeSut();
    await sut.execute(actor, { userId: 7, reason: 'Scam links' });
    await expect(sut.execute(actor, { userId: 7, reason: 'Again' })).rejects.toThrow(Conflict);
    expect(roleSync.users).toEqual(['700']);
  });

  it('bans with reason, name and time, ends only that account’s sessions and logs it, in one transaction', async () => {
    const { sut, actor, accounts, sessions, activities, transaction } = makeSut();
    const banned = await sut.execute(actor, {
      userId: 7,
      reason: '  Posting scam links  ',
      source: { kind: 'ticket', id: 42 },
    });
    expect(banned).toMatchObject({
      isBanned: true,
      bannedReason: 'Posting scam links',
      bannedBy: 'dana',
      bannedAt: T0,
    });
    expect(accounts.stored(7)?.isBanned).toBe(true);
    expect(sessions.sessions).toEqual([{ id: 'c', customerId: 8 }]);
    expect(activities.entries).toEqual([
      expect.objectContaining({
        staffUserId: 5,
        type: 'customer.banned',
        description:
          'dana (Customer Support Director) banned the customer raider (#7) (ticket #42): Posting scam links (2 sessions ended)',
      }),
    ]);
    expect(transaction.runs).toBe(1);
  });

  it.each(['platform_owner', 'head_internal_operations', 'director_legal_affairs_safety'] as const)(
    'lets %s ban',
    async (role) => {
      const { sut, actor, accounts } = makeSut(role);
      await sut.execute(actor, { userId: 7, reason: 'Harassment', source: { kind: 'policy_violation', id: 3 } });
      expect(accounts.stored(7)?.isBanned).toBe(true);
    },
  );

  it.each(['customer_support', 'marketing_director', 'human_resources_director'] as const)(
    'refuses %s and changes nothing',
    async (role) => {
      const { sut, actor, accounts, sessions, activities } = makeSut(role);
      await expect(sut.execute(actor, { userId: 7, reason: 'Harassment' })).rejects.toBeInstanceOf(Forbidden);
      expect(accounts.stored(7)?.isBanned).toBe(false);
      expect(sessions.sessions).toHaveLength(3);
      expect(activities.entries).toEqual([]);
    },
  );

  it('requires a reason and a banning admin name, with the spec’s messages', async () => {
    const { sut, actor, accounts } = makeSut();
    await expect(sut.execute(actor, { userId: 7, reason: '   ' })).rejects.toMatchObject({
      kind: 'Invalid',
      message: 'Ban reason is required',
    });
    await expect(sut.execute({ ...actor, username: ' ' }, { userId: 7, reason: 'Spam' })).rejects.toMatchObject({
      kind: 'Invalid',
      message: 'Admin username is required',
    });
    expect(accounts.stored(7)?.isBanned).toBe(false);
  });

  it.each([
    ['ticket', 3],
    ['policy_violation', 42],
  ] as const)('refuses a ban naming a %s #%i that does not exist, and changes nothing', async (kind, id) => {
    const { sut, actor, accounts, sessions, activities } = makeSut();
    await expect(sut.execute(actor, { userId: 7, reason: 'Spam', source: { kind, id } })).rejects.toMatchObject({
      kind: 'NotFound',
      code: 'CUSTOMERS.BAN_SOURCE_NOT_FOUND',
    });
    expect(accounts.stored(7)?.isBanned).toBe(false);
    expect(sessions.sessions).toHaveLength(3);
    expect(activities.entries).toEqual([]);
  });

  it('names the policy violation it comes from in the activity log, and records the ban on it (issue 36)', async () => {
    const { sut, actor, activities, sources } = makeSut('director_legal_affairs_safety');
    await sut.execute(actor, { userId: 8, reason: 'Harassment', source: { kind: 'policy_violation', id: 3 } });
    expect(activities.entries[0]?.description).toContain('banned the customer bystander (#8) (policy violation #3)');
    expect(sources.actions).toEqual([
      { source: { kind: 'policy_violation', id: 3 }, action: 'Customer banned: bystander', staffId: 5 },
    ]);
  });

  it('answers NotFound for an unknown account and Conflict for one already banned, keeping the first ban', async () => {
    const { sut, actor, accounts, activities } = makeSut();
    await expect(sut.execute(actor, { userId: 99, reason: 'Spam' })).rejects.toBeInstanceOf(NotFound);
    await sut.execute(actor, { userId: 7, reason: 'First' });
    await expect(sut.execute(actor, { userId: 7, reason: 'Second' })).rejects.toBeInstanceOf(Conflict);
    expect(accounts.stored(7)?.bannedReason).toBe('First');
    expect(activities.entries).toHaveLength(1);
  });
});
