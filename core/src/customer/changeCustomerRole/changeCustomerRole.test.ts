import { describe, expect, it } from 'vitest';
import { Conflict, Forbidden } from '../../shared/errors.ts';
import { InMemoryStaffActivityLog, SpyTransaction, makeStaffMember } from '../../staff/testing/fakes.ts';
import { STAFF_ROLES, type StaffRole } from '../../staff/roles.ts';
import { InMemoryCustomerAccounts, makeCustomerAccount } from '../testing/fakes.ts';
import { ChangeCustomerRole } from './changeCustomerRole.ts';

const makeSut = (role: StaffRole = 'platform_owner') => {
  const actor = makeStaffMember({ id: 1, username: 'olive', role });
  const accounts = new InMemoryCustomerAccounts().add(makeCustomerAccount({ id: 7, username: 'quinn' }));
  const activities = new InMemoryStaffActivityLog();
  const transaction = new SpyTransaction();
  return { sut: new ChangeCustomerRole(accounts, activities, transaction), actor, accounts, activities, transaction };
};

describe('ChangeCustomerRole', () => {
  it('lets the platform owner make a customer an admin and back, logging each change', async () => {
    const { sut, actor, accounts, activities, transaction } = makeSut();
    await expect(sut.execute(actor, { userId: 7, role: 'admin' })).resolves.toMatchObject({
      role: 'admin',
      isAdmin: true,
    });
    await sut.execute(actor, { userId: 7, role: 'user' });
    expect(accounts.stored(7)).toMatchObject({ role: 'user', isAdmin: false });
    expect(activities.entries.map((entry) => [entry.type, entry.description])).toEqual([
      [
        'customer.role_changed',
        'olive (Platform Owner) changed the role of the customer quinn (#7) from user to admin',
      ],
      [
        'customer.role_changed',
        'olive (Platform Owner) changed the role of the customer quinn (#7) from admin to user',
      ],
    ]);
    expect(transaction.runs).toBe(2);
  });

  it.each(STAFF_ROLES.filter((role) => role !== 'platform_owner'))('refuses %s', async (role) => {
    const { sut, actor, accounts, activities } = makeSut(role);
    await expect(sut.execute(actor, { userId: 7, role: 'admin' })).rejects.toBeInstanceOf(Forbidden);
    expect(accounts.stored(7)?.role).toBe('user');
    expect(activities.entries).toEqual([]);
  });

  it('refuses a role that is not user or admin, and the role the customer already has', async () => {
    const { sut, actor, activities } = makeSut();
    await expect(sut.execute(actor, { userId: 7, role: 'platform_owner' })).rejects.toMatchObject({
      kind: 'Invalid',
      message: 'Role must be one of: user, admin',
    });
    await expect(sut.execute(actor, { userId: 7, role: 'user' })).rejects.toBeInstanceOf(Conflict);
    expect(activities.entries).toEqual([]);
  });
});
