import { describe, expect, it } from 'vitest';
import { Invalid, TooManyAttempts } from '../../shared/errors.ts';
import { InMemoryRateLimiter } from '../../shared/testing/InMemoryRateLimiter.ts';
import {
  FakePasswordHasher,
  FixedClock,
  HOUR,
  InMemoryStaffRepository,
  InMemoryStaffSessions,
  MINUTE,
  SequentialTokenGenerator,
  T0,
  makeStaffMember,
} from '../testing/fakes.ts';
import { ChangeStaffPassword } from './changeStaffPassword.ts';

const MAX_FAILURES = 3;
const CALLER = { token: 'mine', clientAddress: '203.0.113.7' };

const makeSut = (mustChangePassword = false) => {
  const member = makeStaffMember({ id: 7, mustChangePassword });
  const staff = new InMemoryStaffRepository().add(member);
  const sessions = new InMemoryStaffSessions(staff);
  const hasher = new FakePasswordHasher();
  const attempts = new InMemoryRateLimiter(
    { points: MAX_FAILURES, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
    new FixedClock(),
  );
  const sut = new ChangeStaffPassword(staff, hasher, sessions, new SequentialTokenGenerator(), attempts, {
    requiredRoles: ['customer_support'],
  });
  return { sut, member, staff, sessions, hasher, attempts };
};

describe('ChangeStaffPassword', () => {
  it('needs the current password, then stores the new hash', async () => {
    const { sut, member, staff } = makeSut();
    const user = await sut.execute(member, { currentPassword: 'correct horse', newPassword: 'battery staple' }, CALLER);
    expect(user.mustChangePassword).toBe(false);
    // Customer support requires two-factor authentication in this test's policy: the answer says what comes next.
    expect(user.mustEnrollMfa).toBe(true);
    expect(staff.stored(7)?.passwordHash).toBe('hashed:battery staple');
  });

  it('refuses a wrong current password on the currentPassword field and saves nothing', async () => {
    const { sut, member, staff } = makeSut();
    const attempt = sut.execute(member, { currentPassword: 'guess', newPassword: 'battery staple' }, CALLER);
    await expect(attempt).rejects.toBeInstanceOf(Invalid);
    await expect(attempt).rejects.toMatchObject({ issues: [{ path: ['currentPassword'] }] });
    expect(staff.saves).toBe(0);
  });

  it('counts wrong current passwords toward the login lockout and stops checking once it is reached', async () => {
    const { sut, member, hasher } = makeSut();
    for (let i = 0; i < MAX_FAILURES; i += 1) {
      await expect(
        sut.execute(member, { currentPassword: 'guess', newPassword: 'battery staple' }, CALLER),
      ).rejects.toBeInstanceOf(Invalid);
    }
    const verifications = hasher.verifications;
    await expect(
      sut.execute(member, { currentPassword: 'correct horse', newPassword: 'battery staple' }, CALLER),
    ).rejects.toBeInstanceOf(TooManyAttempts);
    expect(hasher.verifications).toBe(verifications);
  });

  it('signs out the member’s other sessions but keeps the caller’s', async () => {
    const { sut, member, sessions } = makeSut();
    const later = new Date(T0.getTime() + HOUR);
    await sessions.create(7, 'digest:mine', later);
    await sessions.create(7, 'digest:stolen', later);
    await sessions.create(8, 'digest:someone-else', later);
    await sut.execute(member, { currentPassword: 'correct horse', newPassword: 'battery staple' }, CALLER);
    expect(sessions.sessions.map((s) => s.tokenHash)).toEqual(['digest:mine', 'digest:someone-else']);
  });

  it('refuses a common new password, in any case, on the newPassword field', async () => {
    const { sut, member, staff } = makeSut();
    const attempt = sut.execute(member, { currentPassword: 'correct horse', newPassword: 'Password123' }, CALLER);
    await expect(attempt).rejects.toMatchObject({ issues: [{ path: ['newPassword'] }] });
    expect(staff.saves).toBe(0);
  });

  it('asks no current password while a change is pending, and clears the flag', async () => {
    const { sut, member, staff } = makeSut(true);
    await sut.execute(member, { newPassword: 'battery staple' }, CALLER);
    expect(staff.stored(7)).toMatchObject({ passwordHash: 'hashed:battery staple', mustChangePassword: false });
  });
});
