import { describe, expect, it } from 'vitest';
import { Conflict, Forbidden } from '../../shared/errors.ts';
import { InMemoryStaffActivityLog, SpyTransaction, T0, makeStaffMember } from '../../staff/testing/fakes.ts';
import type { StaffRole } from '../../staff/roles.ts';
import { InMemoryCustomerAccounts, makeCustomerAccount } from '../testing/fakes.ts';
import { RecordingRoleSync } from '../../roblox/testing/fakes.ts';
import { UnbanCustomer } from './unbanCustomer.ts';

const makeSut = (role: StaffRole = 'director_legal_affairs_safety') => {
  const actor = makeStaffMember({ id: 3, username: 'lee', role });
  const accounts = new InMemoryCustomerAccounts()
    .add(
      makeCustomerAccount({
        id: 7,
        username: 'raider',
        isBanned: true,
        bannedReason: 'Spam',
        bannedBy: 'dana',
        bannedAt: T0,
        discordId: '700',
      }),
    )
    .add(makeCustomerAccount({ id: 8, username: 'fine' }));
  const activities = new InMemoryStaffActivityLog();
  const transaction = new SpyTransaction();
  const roleSync = new RecordingRoleSync();
  const sut = new UnbanCustomer(accounts, activities, transaction, roleSync);
  return { sut, actor, accounts, activities, transaction, roleSync };
};

describe('UnbanCustomer', () => {
  it("syncs the member's Discord roles everywhere once the ban is lifted", async () => {
    const { sut, actor, roleSync } = makeSut();
    await sut.execute(actor, { userId: 7, reason: 'Appeal accepted' });
    expect(roleSync.users).toEqual(['700']);
  });

  it('clears every ban field and logs who lifted it, why, and the ban it lifted', async () => {
    const { sut, actor, accounts, activities, transaction } = makeSut();
    const account = await sut.execute(actor, { userId: 7, reason: 'Appeal accepted' });
    expect(account).toMatchObject({ isBanned: false, bannedReason: null, bannedBy: null, bannedAt: null });
    expect(accounts.stored(7)?.isBanned).toBe(false);
    expect(activities.entries).toEqual([
      expect.objectContaining({
        staffUserId: 3,
        type: 'customer.unbanned',
        description:
          'lee (Director of Legal Affairs & Safety) lifted the ban of the customer raider (#7): Appeal accepted (banned by dana for: Spam)',
      }),
    ]);
    expect(transaction.runs).toBe(1);
  });

  it('refuses a customer_support agent and a marketing director', async () => {
    for (const role of ['customer_support', 'marketing_director'] as const) {
      const { sut, actor, accounts } = makeSut(role);
      await expect(sut.execute(actor, { userId: 7, reason: 'Because' })).rejects.toBeInstanceOf(Forbidden);
      expect(accounts.stored(7)?.isBanned).toBe(true);
    }
  });

  it('requires a reason and answers Conflict for an account that is not banned', async () => {
    const { sut, actor, activities } = makeSut();
    await expect(sut.execute(actor, { userId: 7, reason: '' })).rejects.toMatchObject({
      kind: 'Invalid',
      message: 'Reason is required',
    });
    await expect(sut.execute(actor, { userId: 8, reason: 'Why not' })).rejects.toBeInstanceOf(Conflict);
    expect(activities.entries).toEqual([]);
  });
});
