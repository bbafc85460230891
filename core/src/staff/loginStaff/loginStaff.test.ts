import { describe, expect, it } from 'vitest';
import { Forbidden, TooManyAttempts, Unauthenticated } from '../../shared/errors.ts';
import {
  FakePasswordHasher,
  FixedClock,
  HOUR,
  FakeTrustedDevices,
  InMemoryMfaChallenges,
  InMemoryStaffRepository,
  InMemoryStaffSessions,
  MINUTE,
  SequentialTokenGenerator,
  T0,
  makeStaffMember,
} from '../testing/fakes.ts';
import { InMemoryRateLimiter } from '../../shared/testing/InMemoryRateLimiter.ts';
import {
  DEFAULT_STAFF_AUTH_SETTINGS,
  LoginStaff,
  type StaffAuthSettings,
  type StaffLoginOutcome,
} from './loginStaff.ts';
import { SignInAttempts, loginAccountKey, type SignInSource } from './signInAttempts.ts';
import { StartStaffSession } from './startStaffSession.ts';

const EMAIL = 'alice@groupflow.test';
const PASSWORD = 'correct horse';
const ADDRESS = '203.0.113.7';
const PER_ADDRESS = 20;
const GLOBAL = 300;
const ACCOUNT_CAP = 50;

const signedIn = async (outcome: Promise<StaffLoginOutcome>) => {
  const result = await outcome;
  if (result.mfaRequired) throw new Error('expected a session, not the code step');
  return result;
};

const makeSut = (settings: StaffAuthSettings = DEFAULT_STAFF_AUTH_SETTINGS, accountCapPerHour = ACCOUNT_CAP) => {
  const staff = new InMemoryStaffRepository().add(
    makeStaffMember({ id: 7, email: EMAIL, passwordHash: `hashed:${PASSWORD}` }),
  );
  const sessions = new InMemoryStaffSessions(staff);
  const hasher = new FakePasswordHasher();
  const tokens = new SequentialTokenGenerator();
  const clock = new FixedClock();
  const devices = new FakeTrustedDevices();
  const challenges = new InMemoryMfaChallenges();
  const account = new InMemoryRateLimiter(
    { points: settings.maxFailedAttempts, windowMs: settings.failureWindowMs, blockMs: settings.lockoutMs },
    clock,
  );
  const accountCap = new InMemoryRateLimiter({ points: accountCapPerHour, windowMs: HOUR }, clock);
  const perAddress = new InMemoryRateLimiter({ points: PER_ADDRESS, windowMs: MINUTE }, clock);
  const global = new InMemoryRateLimiter({ points: GLOBAL, windowMs: MINUTE }, clock);
  const wrongCodes = new InMemoryRateLimiter({ points: 10, windowMs: HOUR }, clock);
  const attempts = new SignInAttempts({ account, accountCap, wrongCodes, perAddress, global }, devices, staff);
  const session = new StartStaffSession(staff, sessions, tokens, devices, clock, {
    tokenLifetimeMs: settings.tokenLifetimeMs,
    mfa: { requiredRoles: ['platform_owner'] },
  });
  const sut = new LoginStaff({ staff, hasher, tokens, attempts, challenges, session, clock }, settings);
  const loginFrom = (source: SignInSource, password: string, email = EMAIL) => sut.execute({ email, password }, source);
  const login = (password: string, email = EMAIL, address = ADDRESS) =>
    loginFrom({ clientAddress: address }, password, email);
  const failTimes = async (times: number, address = ADDRESS) => {
    for (let i = 0; i < times; i += 1) {
      await expect(login('wrong', EMAIL, address)).rejects.toBeInstanceOf(Unauthenticated);
    }
  };
  return {
    sut,
    login,
    loginFrom,
    staff,
    sessions,
    hasher,
    tokens,
    account,
    accountCap,
    perAddress,
    global,
    clock,
    challenges,
    devices,
    failTimes,
  };
};

describe('LoginStaff', () => {
  it('returns a token once and the public user, and stores only the token hash with an 8 hour expiry', async () => {
    const { sut, sessions } = makeSut();
    const result = await signedIn(sut.execute({ email: EMAIL, password: PASSWORD }, { clientAddress: ADDRESS }));
    expect(result.token).toBe('token-1');
    expect(result.user).toMatchObject({ id: 7, email: EMAIL, lastLogin: T0 });
    expect(result.user).not.toHaveProperty('passwordHash');
    expect(sessions.sessions).toEqual([
      { staffId: 7, tokenHash: 'digest:token-1', expiresAt: new Date(T0.getTime() + 8 * HOUR) },
    ]);
  });

  it('records the login time on the stored member', async () => {
    const { sut, staff } = makeSut();
    await sut.execute({ email: EMAIL, password: PASSWORD }, { clientAddress: ADDRESS });
    expect(staff.stored(7)?.lastLogin).toEqual(T0);
  });

  it('finds the member whatever the case and surrounding spaces of the email', async () => {
    const { sut } = makeSut();
    const result = await signedIn(
      sut.execute({ email: '  Alice@GroupFlow.TEST ', password: PASSWORD }, { clientAddress: ADDRESS }),
    );
    expect(result.user.id).toBe(7);
  });

  it('answers the same error for an unknown email and a wrong password, and counts both attempts', async () => {
    const { sut, account, sessions } = makeSut();
    const unknown = sut.execute({ email: 'nobody@groupflow.test', password: PASSWORD }, { clientAddress: ADDRESS });
    const wrong = sut.execute({ email: EMAIL.toUpperCase(), password: 'wrong' }, { clientAddress: ADDRESS });
    await expect(unknown).rejects.toEqual(
      new Unauthenticated('STAFF.INVALID_CREDENTIALS', 'Invalid email or password'),
    );
    await expect(wrong).rejects.toEqual(new Unauthenticated('STAFF.INVALID_CREDENTIALS', 'Invalid email or password'));
    expect(account.consumed).toEqual([
      loginAccountKey('nobody@groupflow.test', ADDRESS),
      loginAccountKey(EMAIL, ADDRESS),
    ]);
    expect(sessions.sessions).toEqual([]);
  });

  it('refuses an inactive member with the right password, without a session or holding the attempt against them', async () => {
    const { sut, staff, sessions, failTimes } = makeSut();
    staff.add(makeStaffMember({ id: 7, email: EMAIL, isActive: false }));
    await expect(sut.execute({ email: EMAIL, password: PASSWORD }, { clientAddress: ADDRESS })).rejects.toEqual(
      new Forbidden('STAFF.ACCOUNT_INACTIVE', 'This staff account is inactive'),
    );
    expect(sessions.sessions).toEqual([]);
    expect(staff.stored(7)?.lastLogin).toBeNull();
    await failTimes(10);
  });

  it('still answers invalid credentials to an inactive member with a wrong password', async () => {
    const { sut, staff } = makeSut();
    staff.add(makeStaffMember({ id: 7, email: EMAIL, isActive: false }));
    await expect(sut.execute({ email: EMAIL, password: 'wrong' }, { clientAddress: ADDRESS })).rejects.toBeInstanceOf(
      Unauthenticated,
    );
  });

  it('still lets the right password in after nine failures', async () => {
    const { sut, failTimes } = makeSut();
    await failTimes(9);
    await expect(sut.execute({ email: EMAIL, password: PASSWORD }, { clientAddress: ADDRESS })).resolves.toMatchObject({
      token: 'token-1',
    });
  });

  it('locks the email after ten failures, even for the right password, and without checking it', async () => {
    const { sut, failTimes, hasher } = makeSut();
    await failTimes(10);
    const verificationsBefore = hasher.verifications;
    const attempt = sut.execute({ email: EMAIL, password: PASSWORD }, { clientAddress: ADDRESS });
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
    await expect(
      sut.execute({ email: ' ALICE@groupflow.test', password: PASSWORD }, { clientAddress: ADDRESS }),
    ).rejects.toBeInstanceOf(TooManyAttempts);
    await expect(
      sut.execute({ email: 'bob@groupflow.test', password: 'pw' }, { clientAddress: ADDRESS }),
    ).resolves.toMatchObject({
      user: { id: 8 },
    });
  });

  it('does not lock for ten failures spread over more than the window', async () => {
    const { sut, failTimes, clock } = makeSut();
    await failTimes(5);
    clock.advance(16 * MINUTE);
    await failTimes(5);
    await expect(sut.execute({ email: EMAIL, password: PASSWORD }, { clientAddress: ADDRESS })).resolves.toMatchObject({
      token: 'token-1',
    });
  });

  it('lifts the lock 15 minutes after the first refused attempt, not extended by attempts during it', async () => {
    const { sut, failTimes, clock } = makeSut();
    await failTimes(10);
    await expect(sut.execute({ email: EMAIL, password: 'wrong' }, { clientAddress: ADDRESS })).rejects.toBeInstanceOf(
      TooManyAttempts,
    );
    clock.advance(10 * MINUTE);
    await expect(sut.execute({ email: EMAIL, password: 'wrong' }, { clientAddress: ADDRESS })).rejects.toBeInstanceOf(
      TooManyAttempts,
    );
    clock.advance(5 * MINUTE - 1000);
    await expect(sut.execute({ email: EMAIL, password: PASSWORD }, { clientAddress: ADDRESS })).rejects.toMatchObject({
      retryAfterSeconds: 1,
    });
    clock.advance(1000);
    await expect(sut.execute({ email: EMAIL, password: PASSWORD }, { clientAddress: ADDRESS })).resolves.toMatchObject({
      token: 'token-1',
    });
  });

  it('clears the failures on success, so a later failure starts a fresh count', async () => {
    const { sut, failTimes } = makeSut();
    await failTimes(9);
    await sut.execute({ email: EMAIL, password: PASSWORD }, { clientAddress: ADDRESS });
    await failTimes(9);
    await expect(sut.execute({ email: EMAIL, password: PASSWORD }, { clientAddress: ADDRESS })).resolves.toMatchObject({
      token: 'token-2',
    });
  });

  it('takes its limits and token lifetime from the settings', async () => {
    const { sut, failTimes, sessions, clock } = makeSut({
      maxFailedAttempts: 3,
      failureWindowMs: MINUTE,
      lockoutMs: 2 * MINUTE,
      tokenLifetimeMs: HOUR,
      mfaTokenLifetimeMs: MINUTE,
    });
    await failTimes(3);
    await expect(sut.execute({ email: EMAIL, password: PASSWORD }, { clientAddress: ADDRESS })).rejects.toMatchObject({
      retryAfterSeconds: 120,
    });
    clock.advance(2 * MINUTE);
    await sut.execute({ email: EMAIL, password: PASSWORD }, { clientAddress: ADDRESS });
    expect(sessions.sessions[0]?.expiresAt).toEqual(new Date(T0.getTime() + 2 * MINUTE + HOUR));
  });

  it('defaults to ten attempts in 15 minutes, a 15 minute lock, 8 hour tokens and 5 minute code steps', () => {
    expect(DEFAULT_STAFF_AUTH_SETTINGS).toEqual({
      maxFailedAttempts: 10,
      failureWindowMs: 15 * MINUTE,
      lockoutMs: 15 * MINUTE,
      tokenLifetimeMs: 8 * HOUR,
      mfaTokenLifetimeMs: 5 * MINUTE,
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
    await expect(sut.execute({ email: EMAIL, password: PASSWORD }, { clientAddress: ADDRESS })).rejects.toBeInstanceOf(
      Forbidden,
    );
    clock.advance(HOUR);
    await expect(sut.execute({ email: EMAIL, password: PASSWORD }, { clientAddress: ADDRESS })).resolves.toMatchObject({
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
    await expect(sut.execute({ email: EMAIL, password: PASSWORD }, { clientAddress: ADDRESS })).rejects.toBeInstanceOf(
      Forbidden,
    );
  });

  it('spends an issued password on its first login', async () => {
    const { sut, staff } = makeSut();
    staff.add(makeStaffMember({ id: 7, email: EMAIL, passwordHash: `hashed:${PASSWORD}`, mustChangePassword: true }));
    await expect(sut.execute({ email: EMAIL, password: PASSWORD }, { clientAddress: ADDRESS })).resolves.toMatchObject({
      user: { mustChangePassword: true },
    });
    await expect(sut.execute({ email: EMAIL, password: PASSWORD }, { clientAddress: ADDRESS })).rejects.toBeInstanceOf(
      Unauthenticated,
    );
  });

  it('verifies a password even for an unknown email, so timing does not tell', async () => {
    const { sut, hasher } = makeSut();
    await expect(
      sut.execute({ email: 'nobody@groupflow.test', password: PASSWORD }, { clientAddress: ADDRESS }),
    ).rejects.toBeInstanceOf(Unauthenticated);
    expect(hasher.verifications).toBe(1);
  });
});

describe('LoginStaff against a distributed guesser (device cookies, per-account cap)', () => {
  const addressOf = (i: number) => `198.51.100.${i}`;

  it('sets a device cookie naming the member on success', async () => {
    const { login, devices } = makeSut();
    const result = await login(PASSWORD);
    expect(result).toMatchObject({ mfaRequired: false, deviceCookie: 'device:1:7:0:alice@groupflow.test' });
    expect(devices.recognise((result as { deviceCookie: string }).deviceCookie, EMAIL)).toEqual({
      deviceId: '1',
      staffId: 7,
      deviceGeneration: 0,
    });
  });

  it("stops trusting a member's device cookies once their devices are revoked (password or two-factor reset)", async () => {
    const { login, loginFrom, staff, account } = makeSut();
    const { deviceCookie } = (await login(PASSWORD)) as { deviceCookie: string };
    await staff.revokeDevices(7);
    await expect(loginFrom({ clientAddress: ADDRESS, deviceCookie }, 'wrong')).rejects.toBeInstanceOf(Unauthenticated);
    // Counted as untrusted (on the address's key), not on the device's own key.
    expect(account.consumed).not.toContain('device|1');
    const fresh = (await login(PASSWORD)) as { deviceCookie: string };
    expect(fresh.deviceCookie).toBe('device:2:7:1:alice@groupflow.test');
    // The next sign-in's cookie is trusted again.
    await expect(
      loginFrom({ clientAddress: ADDRESS, deviceCookie: fresh.deviceCookie }, 'wrong'),
    ).rejects.toBeInstanceOf(Unauthenticated);
    expect(account.consumed).toContain('device|2');
  });

  it('does not trust the cookie of a deleted account for a new account under the same email', async () => {
    const { login, loginFrom, staff, account } = makeSut();
    const { deviceCookie } = (await login(PASSWORD)) as { deviceCookie: string };
    await staff.delete(7);
    staff.add(makeStaffMember({ id: 8, email: EMAIL, passwordHash: `hashed:${PASSWORD}` }));
    await expect(loginFrom({ clientAddress: ADDRESS, deviceCookie }, 'wrong')).rejects.toBeInstanceOf(Unauthenticated);
    expect(account.consumed).not.toContain('device|1');
  });

  it('evaluates at most 50 of 200 wrong passwords for one email from 100 addresses, then refuses untrusted ones', async () => {
    const { login, hasher } = makeSut();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) => login('wrong', EMAIL, addressOf(i % 100))),
    );
    const refused = outcomes.filter(
      (outcome) => outcome.status === 'rejected' && outcome.reason instanceof TooManyAttempts,
    );
    expect(hasher.verifications).toBe(ACCOUNT_CAP);
    expect(refused).toHaveLength(200 - ACCOUNT_CAP);
    await expect(login(PASSWORD, EMAIL, '192.0.2.1')).rejects.toMatchObject({
      message: 'Too many failed sign-ins for this account. Try again in 60 minutes.',
      retryAfterSeconds: 3600,
    });
  });

  it('still signs the owner in from a trusted device while the untrusted cap and global limit are spent', async () => {
    const { login, loginFrom, global } = makeSut();
    const { deviceCookie } = (await login(PASSWORD)) as { deviceCookie: string };
    for (let i = 0; i < ACCOUNT_CAP; i += 1) {
      await expect(login('wrong', EMAIL, addressOf(i))).rejects.toBeInstanceOf(Unauthenticated);
    }
    for (let i = 0; i < GLOBAL; i += 1) await global.consume('all');
    await expect(login(PASSWORD, EMAIL, '192.0.2.1')).rejects.toBeInstanceOf(TooManyAttempts);
    await expect(loginFrom({ clientAddress: '192.0.2.1', deviceCookie }, PASSWORD)).resolves.toMatchObject({
      user: { id: 7 },
    });
  });

  it('counts a trusted device on its own key, with its own lockout', async () => {
    const { login, loginFrom, account, accountCap } = makeSut();
    const { deviceCookie } = (await login(PASSWORD)) as { deviceCookie: string };
    const trusted = { clientAddress: ADDRESS, deviceCookie };
    for (let i = 0; i < 10; i += 1) {
      await expect(loginFrom(trusted, 'wrong')).rejects.toBeInstanceOf(Unauthenticated);
    }
    await expect(loginFrom(trusted, PASSWORD)).rejects.toBeInstanceOf(TooManyAttempts);
    expect(account.consumed.filter((key) => key === 'device|1')).toHaveLength(11);
    expect(accountCap.consumed).toEqual([EMAIL]);
    // The untrusted path is a different key: this address without the cookie is not locked.
    await expect(login(PASSWORD)).resolves.toMatchObject({ user: { id: 7 } });
  });

  it('does not trust a cookie issued for another email, or a forged one', async () => {
    const { loginFrom, accountCap, staff } = makeSut();
    staff.add(makeStaffMember({ id: 8, email: 'bob@groupflow.test', passwordHash: 'hashed:pw' }));
    const bobs = (await loginFrom({ clientAddress: ADDRESS }, 'pw', 'bob@groupflow.test')) as { deviceCookie: string };
    await expect(
      loginFrom({ clientAddress: ADDRESS, deviceCookie: bobs.deviceCookie }, 'wrong'),
    ).rejects.toBeInstanceOf(Unauthenticated);
    await expect(loginFrom({ clientAddress: ADDRESS, deviceCookie: 'forged' }, 'wrong')).rejects.toBeInstanceOf(
      Unauthenticated,
    );
    expect(accountCap.consumed.filter((key) => key === EMAIL)).toHaveLength(2);
  });

  it('counts only failures on the global limit and the account cap', async () => {
    const { login, global, accountCap } = makeSut(DEFAULT_STAFF_AUTH_SETTINGS, 3);
    for (let i = 0; i < 5; i += 1) await login(PASSWORD, EMAIL, addressOf(i));
    await expect(global.consume('all')).resolves.toMatchObject({ remaining: GLOBAL - 1 });
    await global.refund('all');
    for (let i = 0; i < 3; i += 1) {
      await expect(login('wrong', EMAIL, addressOf(i))).rejects.toBeInstanceOf(Unauthenticated);
    }
    await expect(login(PASSWORD, EMAIL, addressOf(9))).rejects.toBeInstanceOf(TooManyAttempts);
    // A refused attempt is no failure either.
    await expect(accountCap.consume(EMAIL)).resolves.toMatchObject({ allowed: false });
    await expect(global.consume('all')).resolves.toMatchObject({ remaining: GLOBAL - 4 });
  });

  it('lifts the account cap when the hour ends', async () => {
    const { login, clock } = makeSut(DEFAULT_STAFF_AUTH_SETTINGS, 2);
    await expect(login('wrong', EMAIL, addressOf(1))).rejects.toBeInstanceOf(Unauthenticated);
    await expect(login('wrong', EMAIL, addressOf(2))).rejects.toBeInstanceOf(Unauthenticated);
    await expect(login(PASSWORD, EMAIL, addressOf(3))).rejects.toBeInstanceOf(TooManyAttempts);
    clock.advance(HOUR);
    await expect(login(PASSWORD, EMAIL, addressOf(3))).resolves.toMatchObject({ user: { id: 7 } });
  });
});

describe('LoginStaff with two-factor authentication on', () => {
  it('answers an mfaToken instead of a session for the right password, valid for 5 minutes', async () => {
    const { login, staff, sessions, challenges, clock } = makeSut();
    staff.add(makeStaffMember({ id: 7, email: EMAIL, passwordHash: `hashed:${PASSWORD}`, mfaEnabled: true }));
    await expect(login(PASSWORD)).resolves.toEqual({ mfaRequired: true, mfaToken: 'token-1' });
    expect(sessions.sessions).toEqual([]);
    expect(await challenges.find('digest:token-1', clock.now())).toBe(7);
    clock.advance(5 * MINUTE);
    expect(await challenges.find('digest:token-1', clock.now())).toBeNull();
  });

  it('keeps the failure streak of the address going after a right password, until the code step succeeds', async () => {
    const { login, staff, failTimes } = makeSut();
    staff.add(makeStaffMember({ id: 7, email: EMAIL, passwordHash: `hashed:${PASSWORD}`, mfaEnabled: true }));
    await failTimes(9);
    await expect(login(PASSWORD)).resolves.toMatchObject({ mfaRequired: true });
    await expect(login(PASSWORD)).rejects.toBeInstanceOf(TooManyAttempts);
  });

  it('tells a member whose role requires two-factor authentication to set it up', async () => {
    const { login, staff } = makeSut();
    staff.add(makeStaffMember({ id: 7, email: EMAIL, passwordHash: `hashed:${PASSWORD}`, role: 'platform_owner' }));
    await expect(login(PASSWORD)).resolves.toMatchObject({ user: { mustEnrollMfa: true, mfaEnabled: false } });
  });
});
