import { describe, expect, it } from 'vitest';
import { Forbidden, NotFound } from '../../shared/errors.ts';
import {
  FakePasswordHasher,
  FixedTemporaryPasswords,
  InMemoryStaffActivityLog,
  InMemoryStaffRepository,
  InMemoryStaffSessions,
  SpyTransaction,
  T0,
  makeStaffMember,
} from '../testing/fakes.ts';
import type { StaffRole } from '../roles.ts';
import { ResetStaffPassword } from './resetStaffPassword.ts';

const makeSut = (actorRole: StaffRole = 'platform_owner') => {
  const actor = makeStaffMember({ id: 1, username: 'olive', email: 'olive@groupflow.test', role: actorRole });
  const staff = new InMemoryStaffRepository()
    .add(actor)
    .add(makeStaffMember({ id: 2, username: 'sam', email: 'sam@groupflow.test' }));
  const sessions = new InMemoryStaffSessions(staff);
  const activities = new InMemoryStaffActivityLog();
  const passwords = new FixedTemporaryPasswords();
  const sut = new ResetStaffPassword(
    staff,
    sessions,
    new FakePasswordHasher(),
    passwords,
    activities,
    new SpyTransaction(),
  );
  return { sut, actor, staff, sessions, activities, passwords };
};

describe('ResetStaffPassword', () => {
  it('issues a temporary password, stores only its hash and asks for a new one at next login', async () => {
    const { sut, actor, staff, passwords } = makeSut();
    await expect(sut.execute(actor, ' SAM@groupflow.test')).resolves.toEqual({ tempPassword: passwords.value });
    expect(staff.stored(2)).toMatchObject({ passwordHash: `hashed:${passwords.value}`, mustChangePassword: true });
  });

  it('ends the member’s open sessions and records the reset', async () => {
    const { sut, actor, sessions, activities } = makeSut();
    await sessions.create(2, 'digest:x', new Date(T0.getTime() + 60_000));
    await sut.execute(actor, 'sam@groupflow.test');
    expect(sessions.sessions).toEqual([]);
    expect(activities.entries).toEqual([expect.objectContaining({ type: 'staff.password_reset' })]);
  });

  it('revokes the member’s device cookies (bumps their device generation), and no one else’s', async () => {
    const { sut, actor, staff } = makeSut();
    await sut.execute(actor, 'sam@groupflow.test');
    expect(staff.stored(2)?.deviceGeneration).toBe(1);
    expect(staff.stored(1)?.deviceGeneration).toBe(0);
  });

  it.each(['head_internal_operations', 'human_resources_director', 'customer_support'] as const)(
    'refuses %s: only the platform owner resets passwords',
    async (role) => {
      const { sut, actor, staff } = makeSut(role);
      await expect(sut.execute(actor, 'sam@groupflow.test')).rejects.toBeInstanceOf(Forbidden);
      expect(staff.stored(2)?.passwordHash).toBe('hashed:correct horse');
    },
  );

  it('answers not found for an unknown email', async () => {
    const { sut, actor } = makeSut();
    await expect(sut.execute(actor, 'nobody@groupflow.test')).rejects.toBeInstanceOf(NotFound);
  });
});
