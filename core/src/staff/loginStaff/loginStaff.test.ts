import { describe, expect, it } from 'vitest';
import { Forbidden, TooManyAttempts, Unauthenticated } from '../../shared/errors.ts';
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
import { InMemoryRateLimiter } from '../../shared/testing/InMemoryRateLimiter.ts';
import { DEFAULT_STAFF_AUTH_SETTINGS, LoginStaff, loginAccountKey, type StaffAuthSettings } from './loginStaff.ts';

const EMAIL = 'alice@groupflow.test';
const PASSWORD = 'correct horse';
const ADDRESS = '203.0.113.7';
const PER_ADDRESS = 20;
const GLOBAL = 300;

const makeSut = (settings: StaffAuthSettings = DEFAULT_STAFF_AUTH_SETTINGS) => {
  const staff = new InMemoryStaffRepository().add(
    makeStaffMember({ id: 7, email: EMAIL, passwordHash: `hashed:${PASSWORD}` }),
  );
  const sessions = new InMemoryStaffSessions(staff);
  const hasher = new FakePasswordHasher();
  const tokens = new SequentialTokenGenerator();
  const clock = new FixedClock();
  const account = new InMemoryRateLimiter(
    { points: settings.maxFailedAttempts, windowMs: settings.failureWindowMs, blockMs: settings.lockoutMs },
    clock,
  );
  const perAddress = new InMemoryRateLimiter({ points: PER_ADDRESS, windowMs: MINUTE }, clock);
  const global = new InMemoryRateLimiter({ points: GLOBAL, windowMs: MINUTE }, clock);
  const sut = new LoginStaff(staff, sessions, hasher, tokens, { account, perAddress, global }, clock, settings);
  const login = (password: string, email = EMAIL, address = ADDRESS) => sut.execute({ email, password }, address);
  const failTimes = async (times: number, address = ADDRESS) => {
    for (let i = 0; i < times; i += 1) {
      await expect(login('wrong', EMAIL, address)).rejects.toBeInstanceOf(Unauthenticated);
    }
  };
  return { sut, login, staff, sessions, hasher, tokens, account, perAddress, global, clock, failTimes };
};

describe('LoginStaff', () => {
  it('returns a token once and the public user, and stores only the token hash with an 8 hour expiry', async () => {
    const { sut, sessions } = makeSut();
    const result = await sut.execute({ email: EMAIL, password: PASSWORD }, ADDRESS);
    expect(result.token).toBe('token-1');
    expect(result.user).toMatchObject({ id: 7, email: EMAIL, lastLogin: T0 });
    expect(result.user).not.toHaveProperty('passwordHash');
    expect(sessions.sessions).toEqual([
      { staffId: 7, tokenHash: 'digest:token-1', expiresAt: new Date(T0.getTime() + 8 * HOUR) },
    ]);
  });

  it('records the login time on the stored member', async () => {
    const { sut, staff } = makeSut();
    await sut.execute({ email: EMAIL, password: PASSWORD }, ADDRESS);
    expect(staff.stored(7)?.lastLogin).toEqual(T0);
  });

  it('finds the member whatever the case and surrounding spaces of the email', async () => {
    const { sut } = makeSut();
    const result = await sut.execute({ email: '  Alice@GroupFlow.TEST ', password: PASSWORD }, ADDRESS);
    expect(result.user.id).toBe(7);
  });

  it('answers the same error for an unknown email and a wrong password, and counts both attempts', async () => {
    const { sut, account, sessions } = makeSut();
    const unknown = sut.execute({ email: 'nobody@groupflow.test', password: PASSWORD }, ADDRESS);
    const wrong = sut.execute({ email: EMAIL.toUpperCase(), password: 'wrong' }, ADDRESS);
    await expect(unknown).rejects.toEqual(new Unauthenticated('Invalid email or password'));
    await expect(wrong).rejects.toEqual(new Unauthenticated('Invalid email or password'));
    expect(account.consumed).toEqual([
      loginAccountKey('nobody@groupflow.test', ADDRESS),
      loginAccountKey(EMAIL, ADDRESS),
    ]);
    expect(sessions.sessions).toEqual([]);
  });

  it('refuses an inactive member with the right password, without a session or holding the attempt against them', async () => {
    const { sut, staff, sessions, failTimes } = makeSut();
    staff.add(makeStaffMember({ id: 7, email: EMAIL, isActive: false }));
    await expect(sut.execute({ email: EMAIL, password: PASSWORD }, ADDRESS)).rejects.toEqual(
      new Forbidden('This staff account is inactive'),
    );
    expect(sessions.sessions).toEqual([]);
    expect(staff.stored(7)?.lastLogin).toBeNull();
    await failTimes(10);
  });

  it('still answers invalid credentials to an inactive member with a wrong password', async () => {
    const { sut, staff } = makeSut();
    staff.add(makeStaffMember({ id: 7, email: EMAIL, isActive: false }));
    await expect(sut.execute({ email: EMAIL, password: 'wrong' }, ADDRESS)).rejects.toBeInstanceOf(Unauthenticated);
  });

  it('still lets the right password in after nine failures', async () => {
    const { sut, failTimes } = makeSut();
    await failTimes(9);
    await expect(sut.execute({ email: EMAIL, password: PASSWORD }, ADDRESS)).resolves.toMatchObject({
      token: 'token-1',
    });
  });

  it('locks the email after ten failures, even for the right password, and without checking it', async () => {
    const { sut, failTimes, hasher } = makeSut();
    await failTimes(10);
    const verificationsBefore = hasher.verifications;
    const attempt = sut.execute({ email: EMAIL, password: PASSWORD }, ADDRESS);
    await expect(attempt).rejects.toBeInstanceOf(TooManyAttempts);
    await expect(attempt).rejects.toMatchObject({
      message: 'Too many attempts. Try again in 15 minutes.',
      retryAfterSeconds: 15 * 60,
    });
    expect(hasher.verifications).toBe(verificationsBefore);
  });

  it('evaluates at most ten of thirty concurrent wrong passwords and refuses the rest', async () => {
    const { login, hasher } = makeSut();
    const outcomes = await Promise.allSettled(Array.from({ length: 30 }, () => login('wrong')));
    const reasons = outcomes.map((outcome) =>
      outcome.status === 'rejected' ? (outcome.reason as Error).constructor : null,
    );
    expect(reasons.filter((reason) => reason === Unauthenticated)).toHaveLength(10);
    expect(reasons.filter((reason) => reason === TooManyAttempts)).toHaveLength(20);
    expect(hasher.verifications).toBe(10);
  });

  it('locks an email only from the address that failed: the owner still signs in from another', async () => {
    const { login, failTimes } = makeSut();
    await failTimes(10, '198.51.100.1');
    await expect(login(PASSWORD, EMAIL, '198.51.100.1')).rejects.toBeInstanceOf(TooManyAttempts);
    await expect(login(PASSWORD, EMAIL, ADDRESS)).resolves.toMatchObject({ user: { id: 7 } });
  });

  it('throttles one address across many emails, before any lookup', async () => {
    const { login, hasher } = makeSut();
    for (let i = 0; i < PER_ADDRESS; i += 1) {
      await expect(login('wrong', `guess${i}@groupflow.test`)).rejects.toBeInstanceOf(Unauthenticated);
    }
    await expect(login(PASSWORD)).rejects.toMatchObject({ retryAfterSeconds: 60 });
    expect(hasher.verifications).toBe(PER_ADDRESS);
    await expect(login(PASSWORD, EMAIL, '198.51.100.1')).resolves.toMatchObject({ user: { id: 7 } });
  });

  it('throttles all sign-ins together once the global limit is spent', async () => {
    const { login, global } = makeSut();
    for (let i = 0; i < GLOBAL; i += 1) await global.consume('all');
    await expect(login(PASSWORD, EMAIL, '198.51.100.1')).rejects.toBeInstanceOf(TooManyAttempts);
  });

  it('locks an email in any spelling, and leaves other emails alone', async () => {
    const { sut, staff, failTimes } = makeSut();
    staff.add(makeStaffMember({ id: 8, email: 'bob@groupflow.test', passwordHash: 'hashed:pw' }));
    await failTimes(10);
    await expect(sut.execute({ email: ' ALICE@groupflow.test', password: PASSWORD }, ADDRESS)).rejects.toBeInstanceOf(
      TooManyAttempts,
    );
    await expect(sut.execute({ email: 'bob@groupflow.test', password: 'pw' }, ADDRESS)).resolves.toMatchObject({
      user: { id: 8 },
    });
  });

  it('does not lock for ten failures spread over more than the window', async () => {
    const { sut, failTimes, clock } = makeSut();
    await failTimes(5);
    clock.advance(16 * MINUTE);
    await failTimes(5);
    await expect(sut.execute({ email: EMAIL, password: PASSWORD }, ADDRESS)).resolves.toMatchObject({
      token: 'token-1',
    });
  });

  it('lifts the lock 15 minutes after the first refused attempt, not extended by attempts during it', async () => {
    const { sut, failTimes, clock } = makeSut();
    await failTimes(10);
    await expect(sut.execute({ email: EMAIL, password: 'wrong' }, ADDRESS)).rejects.toBeInstanceOf(TooManyAttempts);
    clock.advance(10 * MINUTE);
    await expect(sut.execute({ email: EMAIL, password: 'wrong' }, ADDRESS)).rejects.toBeInstanceOf(TooManyAttempts);
    clock.advance(5 * MINUTE - 1000);
    await expect(sut.execute({ email: EMAIL, password: PASSWORD }, ADDRESS)).rejects.toMatchObject({
      retryAfterSeconds: 1,
    });
    clock.advance(1000);
    await expect(sut.execute({ email: EMAIL, password: PASSWORD }, ADDRESS)).resolves.toMatchObject({
      token: 'token-1',
    });
  });

  it('clears the failures on success, so a later failure starts a fresh count', async () => {
    const { sut, failTimes } = makeSut();
    await failTimes(9);
    await sut.execute({ email: EMAIL, password: PASSWORD }, ADDRESS);
    await failTimes(9);
    await expect(sut.execute({ email: EMAIL, password: PASSWORD }, ADDRESS)).resolves.toMatchObject({
      token: 'token-2',
    });
  });

  it('takes its limits and token lifetime from the settings', async () => {
    const { sut, failTimes, sessions, clock } = makeSut({
      maxFailedAttempts: 3,
      failureWindowMs: MINUTE,
      lockoutMs: 2 * MINUTE,
      tokenLifetimeMs: HOUR,
    });
    await failTimes(3);
    await expect(sut.execute({ email: EMAIL, password: PASSWORD }, ADDRESS)).rejects.toMatchObject({
      retryAfterSeconds: 120,
    });
    clock.advance(2 * MINUTE);
    await sut.execute({ email: EMAIL, password: PASSWORD }, ADDRESS);
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
    staff.add(
      makeStaffMember({
        id: 7,
        email: EMAIL,
        passwordHash: `hashed:${PASSWORD}`,
        isActive: false,
        suspendedUntil: new Date(T0.getTime() + HOUR),
      }),
    );
    await expect(sut.execute({ email: EMAIL, password: PASSWORD }, ADDRESS)).rejects.toBeInstanceOf(Forbidden);
    clock.advance(HOUR);
    await expect(sut.execute({ email: EMAIL, password: PASSWORD }, ADDRESS)).resolves.toMatchObject({
      user: { isActive: true },
    });
    expect(staff.stored(7)).toMatchObject({ isActive: true, suspendedUntil: null });
  });

  it('keeps a terminated member out for good', async () => {
    const { sut, staff, clock } = makeSut();
    staff.add(
      makeStaffMember({
        id: 7,
        email: EMAIL,
        passwordHash: `hashed:${PASSWORD}`,
        isActive: false,
        suspendedUntil: null,
      }),
    );
    clock.advance(1000 * HOUR);
    await expect(sut.execute({ email: EMAIL, password: PASSWORD }, ADDRESS)).rejects.toBeInstanceOf(Forbidden);
  });

  it('spends an issued password on its first login', async () => {
    const { sut, staff } = makeSut();
    staff.add(makeStaffMember({ id: 7, email: EMAIL, passwordHash: `hashed:${PASSWORD}`, mustChangePassword: true }));
    await expect(sut.execute({ email: EMAIL, password: PASSWORD }, ADDRESS)).resolves.toMatchObject({
      user: { mustChangePassword: true },
    });
    await expect(sut.execute({ email: EMAIL, password: PASSWORD }, ADDRESS)).rejects.toBeInstanceOf(Unauthenticated);
  });

  it('verifies a password even for an unknown email, so timing does not tell', async () => {
    const { sut, hasher } = makeSut();
    await expect(sut.execute({ email: 'nobody@groupflow.test', password: PASSWORD }, ADDRESS)).rejects.toBeInstanceOf(
      Unauthenticated,
    );
    expect(hasher.verifications).toBe(1);
  });
});
