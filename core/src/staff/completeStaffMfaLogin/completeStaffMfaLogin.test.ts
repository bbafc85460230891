import { describe, expect, it } from 'vitest';
import { Forbidden, TooManyAttempts, Unauthenticated } from '../../shared/errors.ts';
import { InMemoryRateLimiter } from '../../shared/testing/InMemoryRateLimiter.ts';
import { LoginStaff } from '../loginStaff/loginStaff.ts';
import { SignInAttempts } from '../loginStaff/signInAttempts.ts';
import { StartStaffSession } from '../loginStaff/startStaffSession.ts';
import { MfaCodeCheck, normalizeRecoveryCode } from '../mfaCodes.ts';
import {
  FakePasswordHasher,
  FakeTotp,
  FakeTrustedDevices,
  FixedClock,
  HOUR,
  InMemoryMfaChallenges,
  InMemoryStaffMfa,
  InMemoryStaffRepository,
  InMemoryStaffSessions,
  MINUTE,
  SequentialTokenGenerator,
  TOTP_STEP_MS,
  makeStaffMember,
} from '../testing/fakes.ts';
import { CompleteStaffMfaLogin } from './completeStaffMfaLogin.ts';

const EMAIL = 'owner@groupflow.test';
const PASSWORD = 'correct horse';
const SECRET = 'OWNERSECRET';
const SOURCE = { clientAddress: '203.0.113.7' };
const RECOVERY = 'abcde-fghij';

const makeSut = async () => {
  const staff = new InMemoryStaffRepository().add(
    makeStaffMember({ id: 7, email: EMAIL, role: 'platform_owner', passwordHash: `hashed:${PASSWORD}` }),
  );
  const sessions = new InMemoryStaffSessions(staff);
  const tokens = new SequentialTokenGenerator();
  const clock = new FixedClock();
  const devices = new FakeTrustedDevices();
  const challenges = new InMemoryMfaChallenges();
  const mfa = new InMemoryStaffMfa(staff);
  await mfa.enable(7, SECRET, [tokens.hash(normalizeRecoveryCode(RECOVERY))], 0);
  const account = new InMemoryRateLimiter({ points: 10, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE }, clock);
  const accountCap = new InMemoryRateLimiter({ points: 50, windowMs: HOUR }, clock);
  const perAddress = new InMemoryRateLimiter({ points: 1000, windowMs: MINUTE }, clock);
  const global = new InMemoryRateLimiter({ points: 1000, windowMs: MINUTE }, clock);
  const attempts = new SignInAttempts({ account, accountCap, perAddress, global }, devices);
  const session = new StartStaffSession(staff, sessions, tokens, devices, clock, {
    tokenLifetimeMs: 8 * HOUR,
    mfa: { requiredRoles: ['platform_owner'] },
  });
  const codes = new MfaCodeCheck(mfa, new FakeTotp(), tokens, clock);
  const login = new LoginStaff({
    staff,
    hasher: new FakePasswordHasher(),
    tokens,
    attempts,
    challenges,
    session,
    clock,
  });
  const sut = new CompleteStaffMfaLogin({ staff, challenges, tokens, attempts, codes, session, clock });
  const passwordStep = async () => {
    const outcome = await login.execute({ email: EMAIL, password: PASSWORD }, SOURCE);
    if (!outcome.mfaRequired) throw new Error('expected the code step');
    return outcome.mfaToken;
  };
  const currentCode = () => FakeTotp.code(SECRET, clock.now());
  return { sut, staff, sessions, clock, mfa, account, accountCap, passwordStep, currentCode };
};

describe('CompleteStaffMfaLogin', () => {
  it('signs in with the mfaToken and a current code, with a device cookie and no pending enrolment', async () => {
    const { sut, sessions, passwordStep, currentCode } = await makeSut();
    const mfaToken = await passwordStep();
    const result = await sut.execute({ mfaToken, code: currentCode() }, SOURCE);
    expect(result).toMatchObject({ token: 'token-2', user: { id: 7, mfaEnabled: true, mustEnrollMfa: false } });
    expect(result.deviceCookie).toBe('device:1:owner@groupflow.test');
    expect(sessions.sessions).toHaveLength(1);
  });

  it('spends the mfaToken: it signs in once', async () => {
    const { sut, passwordStep, currentCode, clock } = await makeSut();
    const mfaToken = await passwordStep();
    await sut.execute({ mfaToken, code: currentCode() }, SOURCE);
    clock.advance(TOTP_STEP_MS);
    await expect(sut.execute({ mfaToken, code: currentCode() }, SOURCE)).rejects.toEqual(
      new Unauthenticated('STAFF.MFA_CHALLENGE_EXPIRED', 'This sign-in has expired. Please sign in again.'),
    );
  });

  it('refuses an mfaToken older than 5 minutes', async () => {
    const { sut, passwordStep, currentCode, clock } = await makeSut();
    const mfaToken = await passwordStep();
    clock.advance(5 * MINUTE);
    await expect(sut.execute({ mfaToken, code: currentCode() }, SOURCE)).rejects.toBeInstanceOf(Unauthenticated);
  });

  it('accepts a TOTP code once: a replay within its window is refused', async () => {
    const { sut, passwordStep, currentCode } = await makeSut();
    const code = currentCode();
    await sut.execute({ mfaToken: await passwordStep(), code }, SOURCE);
    await expect(sut.execute({ mfaToken: await passwordStep(), code }, SOURCE)).rejects.toEqual(
      new Unauthenticated('STAFF.MFA_WRONG_CODE', 'Invalid authentication code'),
    );
  });

  it('accepts a recovery code as typed (case, dash, spaces), once', async () => {
    const { sut, passwordStep, mfa } = await makeSut();
    await expect(sut.execute({ mfaToken: await passwordStep(), code: ' ABCDE FGHIJ ' }, SOURCE)).resolves.toMatchObject(
      {
        user: { id: 7 },
      },
    );
    expect(mfa.stored(7)?.recoveryCodeHashes).toEqual([]);
    await expect(sut.execute({ mfaToken: await passwordStep(), code: RECOVERY }, SOURCE)).rejects.toBeInstanceOf(
      Unauthenticated,
    );
  });

  it("counts wrong codes as the account's failures and locks like wrong passwords", async () => {
    const { sut, passwordStep, currentCode, account, accountCap } = await makeSut();
    const mfaToken = await passwordStep();
    for (let i = 0; i < 9; i += 1) {
      await expect(sut.execute({ mfaToken, code: '000000' }, SOURCE)).rejects.toBeInstanceOf(Unauthenticated);
    }
    await expect(sut.execute({ mfaToken, code: currentCode() }, SOURCE)).rejects.toBeInstanceOf(TooManyAttempts);
    expect(account.consumed).toHaveLength(11);
    expect(accountCap.consumed.filter((key) => key === EMAIL)).toHaveLength(11);
  });

  it('refuses a member suspended between the two steps', async () => {
    const { sut, passwordStep, currentCode, staff } = await makeSut();
    const mfaToken = await passwordStep();
    const member = staff.stored(7);
    if (member) staff.add({ ...member, isActive: false });
    await expect(sut.execute({ mfaToken, code: currentCode() }, SOURCE)).rejects.toBeInstanceOf(Forbidden);
  });

  it('refuses once the owner reset the member between the two steps', async () => {
    const { sut, passwordStep, currentCode, mfa } = await makeSut();
    const mfaToken = await passwordStep();
    await mfa.disable(7);
    await expect(sut.execute({ mfaToken, code: currentCode() }, SOURCE)).rejects.toBeInstanceOf(Unauthenticated);
  });
});
