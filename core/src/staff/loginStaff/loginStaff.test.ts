import { describe, expect, it } from 'vitest';
import { Forbidden, TooManyAttempts, Unauthenticated } from '../../shared/errors.ts';
import {
  FakePasswordHasher,
  FixedClock,
  HOUR,
  InMemoryLoginAttempts,
  InMemoryStaffRepository,
  InMemoryStaffSessions,
  MINUTE,
  SequentialTokenGenerator,
  T0,
  makeStaffMember,
} from '../testing/fakes.ts';
import { DEFAULT_STAFF_AUTH_SETTINGS, LoginStaff, type StaffAuthSettings } from './loginStaff.ts';

const EMAIL = 'alice@groupflow.test';
const PASSWORD = 'correct horse';

const makeSut = (settings: StaffAuthSettings = DEFAULT_STAFF_AUTH_SETTINGS) => {
  const staff = new InMemoryStaffRepository().add(makeStaffMember({ id: 7, email: EMAIL, passwordHash: `hashed:${PASSWORD}` }));
  const sessions = new InMemoryStaffSessions();
  const hasher = new FakePasswordHasher();
  const tokens = new SequentialTokenGenerator();
  const attempts = new InMemoryLoginAttempts();
  const clock = new FixedClock();
  const sut = new LoginStaff(staff, sessions, hasher, tokens, attempts, clock, settings);
  const failTimes = async (times: number) => {
    for (let i = 0; i < times; i += 1) {
      await expect(sut.execute({ email: EMAIL, password: 'wrong' })).rejects.toBeInstanceOf(Unauthenticated);
    }
  };
  return { sut, staff, sessions, hasher, tokens, attempts, clock, failTimes };
};

describe('LoginStaff', () => {
  it('returns a token once and the public user, and stores only the token hash with an 8 hour expiry', async () => {
    const { sut, sessions } = makeSut();
    const result = await sut.execute({ email: EMAIL, password: PASSWORD });
    expect(result.token).toBe('token-1');
    expect(result.user).toMatchObject({ id: 7, email: EMAIL, lastLogin: T0 });
    expect(result.user).not.toHaveProperty('passwordHash');
    expect(sessions.sessions).toEqual([{ staffId: 7, tokenHash: 'digest:token-1', expiresAt: new Date(T0.getTime() + 8 * HOUR) }]);
  });

  it('records the login time on the stored member', async () => {
    const { sut, staff } = makeSut();
    await sut.execute({ email: EMAIL, password: PASSWORD });
    expect(staff.stored(7)?.lastLogin).toEqual(T0);
  });

  it('finds the member whatever the case and surrounding spaces of the email', async () => {
    const { sut } = makeSut();
    const result = await sut.execute({ email: '  Alice@GroupFlow.TEST ', password: PASSWORD });
    expect(result.user.id).toBe(7);
  });

  it('answers the same error for an unknown email and a wrong password, and records both failures', async () => {
    const { sut, attempts, sessions } = makeSut();
    const unknown = sut.execute({ email: 'nobody@groupflow.test', password: PASSWORD });
    const wrong = sut.execute({ email: EMAIL.toUpperCase(), password: 'wrong' });
    await expect(unknown).rejects.toEqual(new Unauthenticated('Invalid email or password'));
    await expect(wrong).rejects.toEqual(new Unauthenticated('Invalid email or password'));
    expect(await attempts.countFailuresSince('nobody@groupflow.test', T0)).toBe(1);
    expect(await attempts.countFailuresSince(EMAIL, T0)).toBe(1);
    expect(sessions.sessions).toEqual([]);
  });

  it('refuses an inactive member with the right password, without a session or a recorded failure', async () => {
    const { sut, staff, sessions, attempts } = makeSut();
    staff.add(makeStaffMember({ id: 7, email: EMAIL, isActive: false }));
    await expect(sut.execute({ email: EMAIL, password: PASSWORD })).rejects.toEqual(
      new Forbidden('This staff account is inactive'),
    );
    expect(sessions.sessions).toEqual([]);
    expect(staff.stored(7)?.lastLogin).toBeNull();
    expect(await attempts.countFailuresSince(EMAIL, T0)).toBe(0);
  });

  it('still answers invalid credentials to an inactive member with a wrong password', async () => {
    const { sut, staff } = makeSut();
    staff.add(makeStaffMember({ id: 7, email: EMAIL, isActive: false }));
    await expect(sut.execute({ email: EMAIL, password: 'wrong' })).rejects.toBeInstanceOf(Unauthenticated);
  });

  it('still lets the right password in after nine failures', async () => {
    const { sut, failTimes } = makeSut();
    await failTimes(9);
    await expect(sut.execute({ email: EMAIL, password: PASSWORD })).resolves.toMatchObject({ token: 'token-1' });
  });

  it('locks the email after ten failures, even for the right password, and without checking it', async () => {
    const { sut, failTimes, hasher, clock } = makeSut();
    await failTimes(10);
    clock.advance(MINUTE);
    const verificationsBefore = hasher.verifications;
    const attempt = sut.execute({ email: EMAIL, password: PASSWORD });
    await expect(attempt).rejects.toBeInstanceOf(TooManyAttempts);
    await expect(attempt).rejects.toMatchObject({
      message: 'Too many attempts. Try again in 15 minutes.',
      retryAfterSeconds: 14 * 60,
    });
    expect(hasher.verifications).toBe(verificationsBefore);
  });

  it('locks an email in any spelling, and leaves other emails alone', async () => {
    const { sut, staff, failTimes } = makeSut();
    staff.add(makeStaffMember({ id: 8, email: 'bob@groupflow.test', passwordHash: 'hashed:pw' }));
    await failTimes(10);
    await expect(sut.execute({ email: ' ALICE@groupflow.test', password: PASSWORD })).rejects.toBeInstanceOf(TooManyAttempts);
    await expect(sut.execute({ email: 'bob@groupflow.test', password: 'pw' })).resolves.toMatchObject({ user: { id: 8 } });
  });

  it('does not lock for ten failures spread over more than the window', async () => {
    const { sut, failTimes, clock } = makeSut();
    await failTimes(5);
    clock.advance(16 * MINUTE);
    await failTimes(5);
    await expect(sut.execute({ email: EMAIL, password: PASSWORD })).resolves.toMatchObject({ token: 'token-1' });
  });

  it('lifts the lock 15 minutes after the failure that triggered it, not extended by attempts during it', async () => {
    const { sut, failTimes, clock } = makeSut();
    await failTimes(10);
    clock.advance(10 * MINUTE);
    await expect(sut.execute({ email: EMAIL, password: 'wrong' })).rejects.toBeInstanceOf(TooManyAttempts);
    clock.advance(5 * MINUTE - 1000);
    await expect(sut.execute({ email: EMAIL, password: PASSWORD })).rejects.toMatchObject({ retryAfterSeconds: 1 });
    clock.advance(1000);
    await expect(sut.execute({ email: EMAIL, password: PASSWORD })).resolves.toMatchObject({ token: 'token-1' });
  });

  it('clears the failures on success, so a later failure starts a fresh count', async () => {
    const { sut, failTimes, attempts } = makeSut();
    await failTimes(9);
    await sut.execute({ email: EMAIL, password: PASSWORD });
    expect(await attempts.countFailuresSince(EMAIL, T0)).toBe(0);
    await failTimes(9);
    await expect(sut.execute({ email: EMAIL, password: PASSWORD })).resolves.toMatchObject({ token: 'token-2' });
  });

  it('takes its limits and token lifetime from the settings', async () => {
    const { sut, failTimes, sessions, clock } = makeSut({
      maxFailedAttempts: 3,
      failureWindowMs: MINUTE,
      lockoutMs: 2 * MINUTE,
      tokenLifetimeMs: HOUR,
    });
    await failTimes(3);
    await expect(sut.execute({ email: EMAIL, password: PASSWORD })).rejects.toMatchObject({ retryAfterSeconds: 120 });
    clock.advance(2 * MINUTE);
    await sut.execute({ email: EMAIL, password: PASSWORD });
    expect(sessions.sessions[0]?.expiresAt).toEqual(new Date(T0.getTime() + 2 * MINUTE + HOUR));
  });

  it('defaults to ten attempts in 15 minutes, a 15 minute lock and 8 hour tokens', () => {
    expect(DEFAULT_STAFF_AUTH_SETTINGS).toEqual({
      maxFailedAttempts: 10,
      failureWindowMs: 15 * MINUTE,
      lockoutMs: 15 * MINUTE,
      tokenLifetimeMs: 8 * HOUR,
    });
  });
});

describe('LoginStaff with suspensions and issued passwords', () => {
  it('refuses a suspended member until the end date, then lets them in and reactivates them', async () => {
    const { sut, staff, clock } = makeSut();
    staff.add(makeStaffMember({ id: 7, email: EMAIL, passwordHash: `hashed:${PASSWORD}`, isActive: false, suspendedUntil: new Date(T0.getTime() + HOUR) }));
    await expect(sut.execute({ email: EMAIL, password: PASSWORD })).rejects.toBeInstanceOf(Forbidden);
    clock.advance(HOUR);
    await expect(sut.execute({ email: EMAIL, password: PASSWORD })).resolves.toMatchObject({ user: { isActive: true } });
    expect(staff.stored(7)).toMatchObject({ isActive: true, suspendedUntil: null });
  });

  it('keeps a terminated member out for good', async () => {
    const { sut, staff, clock } = makeSut();
    staff.add(makeStaffMember({ id: 7, email: EMAIL, passwordHash: `hashed:${PASSWORD}`, isActive: false, suspendedUntil: null }));
    clock.advance(1000 * HOUR);
    await expect(sut.execute({ email: EMAIL, password: PASSWORD })).rejects.toBeInstanceOf(Forbidden);
  });

  it('spends an issued password on its first login', async () => {
    const { sut, staff } = makeSut();
    staff.add(makeStaffMember({ id: 7, email: EMAIL, passwordHash: `hashed:${PASSWORD}`, mustChangePassword: true }));
    await expect(sut.execute({ email: EMAIL, password: PASSWORD })).resolves.toMatchObject({ user: { mustChangePassword: true } });
    await expect(sut.execute({ email: EMAIL, password: PASSWORD })).rejects.toBeInstanceOf(Unauthenticated);
  });

  it('verifies a password even for an unknown email, so timing does not tell', async () => {
    const { sut, hasher } = makeSut();
    await expect(sut.execute({ email: 'nobody@groupflow.test', password: PASSWORD })).rejects.toBeInstanceOf(Unauthenticated);
    expect(hasher.verifications).toBe(1);
  });
});
