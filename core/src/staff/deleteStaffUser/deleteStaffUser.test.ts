import { describe, expect, it } from 'vitest';
import { Forbidden, NotFound } from '../../shared/errors.ts';
import {
  InMemoryStaffActivityLog,
  InMemoryStaffRepository,
  InMemoryStaffSessions,
  SpyTransaction,
  T0,
  makeStaffMember,
} from '../testing/fakes.ts';
import type { StaffRole } from '../roles.ts';
import { DeleteStaffUser } from './deleteStaffUser.ts';

const makeSut = (actorRole: StaffRole, targetRole: StaffRole = 'customer_support') => {
  const actor = makeStaffMember({ id: 1, username: 'olive', email: 'olive@groupflow.test', role: actorRole });
  const staff = new InMemoryStaffRepository()
    .add(actor)
    .add(makeStaffMember({ id: 2, username: 'sam', email: 'sam@groupflow.test', role: targetRole }));
  const sessions = new InMemoryStaffSessions(staff);
  const activities = new InMemoryStaffActivityLog();
  const transaction = new SpyTransaction();
  const sut = new DeleteStaffUser(staff, sessions, activities, transaction);
  return { sut, actor, staff, sessions, activities, transaction };
};

describe('DeleteStaffUser', () => {
  it('deletes the member, ends their sessions and records it, in one transaction', async () => {
    const { sut, actor, staff, sessions, activities, transaction } = makeSut('platform_owner');
    await sessions.create(2, 'digest:x', new Date(T0.getTime() + 60_000));
    await sut.execute(actor, 2);
    expect(staff.stored(2)).toBeUndefined();
    expect(sessions.sessions).toEqual([]);
    expect(activities.entries).toEqual([expect.objectContaining({ type: 'staff.deleted', staffUserId: 1 })]);
    expect(transaction.runs).toBe(1);
  });

  it('lets head_internal_operations delete others but not a platform_owner', async () => {
    const ok = makeSut('head_internal_operations');
    await ok.sut.execute(ok.actor, 2);
    expect(ok.staff.stored(2)).toBeUndefined();

    const refused = makeSut('head_internal_operations', 'platform_owner');
    await expect(refused.sut.execute(refused.actor, 2)).rejects.toBeInstanceOf(Forbidden);
    expect(refused.staff.stored(2)).toBeDefined();
  });

  it.each(['human_resources_director', 'customer_support_director', 'customer_support'] as const)(
    'refuses %s',
    async (role) => {
      const { sut, actor, staff } = makeSut(role);
      await expect(sut.execute(actor, 2)).rejects.toBeInstanceOf(Forbidden);
      expect(staff.stored(2)).toBeDefined();
    },
  );

  it('refuses deleting oneself, even to the owner', async () => {
    const { sut, actor, staff } = makeSut('platform_owner');
    await expect(sut.execute(actor, 1)).rejects.toEqual(
      new Forbidden('STAFF.DELETE_FORBIDDEN', 'You cannot delete your own account'),
    );
    expect(staff.stored(1)).toBeDefined();
  });

  it('answers not found for an unknown id', async () => {
    const { sut, actor } = makeSut('platform_owner');
    await expect(sut.execute(actor, 42)).rejects.toBeInstanceOf(NotFound);
  });
});
