import { describe, expect, it } from 'vitest';
import { Forbidden, TooManyAttempts, Unauthenticated } from '../../shared/errors.ts';
import { InMemoryRateLimiter } from '../../shared/testing/InMemoryRateLimiter.ts';
import { LoginStaff } from '../loginStaff/loginStaff.ts';
import { SignInAttempts } from '../loginStaff/signInAttempts.ts';
import { StartStaffSession } from '../loginStaff/startStaffSession.ts';
import { MfaCodeCheck, normalizeRecoveryCode } from '../mfaCodes.ts';
import { StaffSecurityNotices } from '../securityNotices.ts';
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
  MailerSpy,
  MINUTE,
  SequentialRecoveryCodes,
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
/** Stored as plain SHA-256 before recovery codes were keyed. */
const LEGACY_RECOVERY = 'klmno-pqrst';
const CODE_ATTEMPTS = 5;
const WRONG_CODES_PER_HOUR = 7;

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
  const recovery = new SequentialRecoveryCodes();
  await mfa.enable(
    7,
    SECRET,
    [recovery.hash(normalizeRecoveryCode(RECOVERY)), tokens.hash(normalizeRecoveryCode(LEGACY_RECOVERY))],
    0,
  );
  const account = new InMemoryRateLimiter({ points: 10, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE }, clock);
  const accountCap = new InMemoryRateLimiter({ points: 50, windowMs: HOUR }, clock);
  const perAddress = new InMemoryRateLimiter({ points: 1000, windowMs: MINUTE }, clock);
  const global = new InMemoryRateLimiter({ points: 1000, windowMs: MINUTE }, clock);
  const wrongCodes = new InMemoryRateLimiter({ points: WRONG_CODES_PER_HOUR, windowMs: HOUR }, clock);
  const attempts = new SignInAttempts({ account, accountCap, wrongCodes, perAddress, global }, devices, staff);
  const session = new StartStaffSession(staff, sessions, tokens, devices, clock, {
    tokenLifetimeMs: 8 * HOUR,
    mfa: { requiredRoles: ['platform_owner'] },
  });
  const codes = new MfaCodeCheck({ mfa, totp: new FakeTotp(), recovery, tokens, clock });
  const mailer = new MailerSpy();
  const login = new LoginStaff({
    staff,
    hasher: new FakePasswordHasher(),
    tokens,
    attempts,
    challenges,
    session,
    clock,
  });
  const notices = new StaffSecurityNotices(mailer, clock);
  const sut = new CompleteStaffMfaLogin(
    { staff, challenges, tokens, attempts, codes, session, notices, clock },
    { codeAttempts: CODE_ATTEMPTS },
  );
  const passwordStep = async () => {
    const outcome = await login.execute({ email: EMAIL, password: PASSWORD }, SOURCE);
    if (!outcome.mfaRequired) throw new Error('expected the code step');
    return outcome.mfaToken;
  };
  const currentCode = () => FakeTotp.code(SECRET, clock.now());
  return { sut, staff, sessions, clock, mfa, account, accountCap, wrongCodes, mailer, passwordStep, currentCode };
};

describe('CompleteStaffMfaLogin', () => {
  it('signs in with the mfaToken and a current code, with a device cookie and no pending enrolment', async () => {
    const { sut, sessions, passwordStep, currentCode } = await makeSut();
    const mfaToken = await passwordStep();
    const result = await sut.execute({ mfaToken, code: currentCode() }, SOURCE);
    expect(result).toMatchObject({ token: 'token-2', user: { id: 7, mfaEnabled: true, mustEnrollMfa: false } });
    expect(result.deviceCookie).toBe('device:1:7:0:owner@groupflow.test');
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
    expect(mfa.stored(7)?.recoveryCodeHashes).toEqual([`digest:${normalizeRecoveryCode(LEGACY_RECOVERY)}`]);
    await expect(sut.execute({ mfaToken: await passwordStep(), code: RECOVERY }, SOURCE)).rejects.toBeInstanceOf(
      Unauthenticated,
    );
  });

  it('still accepts a recovery code stored before the codes were keyed, once', async () => {
    const { sut, passwordStep, mfa } = await makeSut();
    await expect(sut.execute({ mfaToken: await passwordStep(), code: LEGACY_RECOVERY }, SOURCE)).resolves.toMatchObject(
      { user: { id: 7 } },
    );
    expect(mfa.stored(7)?.recoveryCodeHashes).toEqual([`keyed:${normalizeRecoveryCode(RECOVERY)}`]);
    await expect(sut.execute({ mfaToken: await passwordStep(), code: LEGACY_RECOVERY }, SOURCE)).rejects.toBeInstanceOf(
      Unauthenticated,
    );
  });

  it("counts wrong codes as the account's failures, like wrong passwords", async () => {
    const { sut, passwordStep, account, accountCap } = await makeSut();
    const mfaToken = await passwordStep();
    await expect(sut.execute({ mfaToken, code: '000000' }, SOURCE)).rejects.toBeInstanceOf(Unauthenticated);
    expect(account.consumed).toHaveLength(2);
    expect(accountCap.consumed.filter((key) => key === EMAIL)).toHaveLength(2);
  });

  it(`spends the mfaToken after ${CODE_ATTEMPTS} wrong codes: not even the right code signs in with it then`, async () => {
    const { sut, passwordStep, currentCode } = await makeSut();
    const mfaToken = await passwordStep();
    for (let i = 0; i < CODE_ATTEMPTS; i += 1) {
      await expect(sut.execute({ mfaToken, code: '000000' }, SOURCE)).rejects.toEqual(
        new Unauthenticated('STAFF.MFA_WRONG_CODE', 'Invalid authentication code'),
      );
    }
    await expect(sut.execute({ mfaToken, code: currentCode() }, SOURCE)).rejects.toEqual(
      new Unauthenticated('STAFF.MFA_CHALLENGE_EXPIRED', 'This sign-in has expired. Please sign in again.'),
    );
    // A fresh password step gives a fresh ticket.
    await expect(sut.execute({ mfaToken: await passwordStep(), code: currentCode() }, SOURCE)).resolves.toMatchObject({
      user: { id: 7 },
    });
  });

  it(`evaluates at most ${CODE_ATTEMPTS} of many concurrent codes with one mfaToken`, async () => {
    const { sut, passwordStep } = await makeSut();
    const mfaToken = await passwordStep();
    const answers = await Promise.allSettled(
      Array.from({ length: 12 }, () => sut.execute({ mfaToken, code: '000000' }, SOURCE)),
    );
    const codes = answers.map((answer) =>
      answer.status === 'rejected' ? (answer.reason as { code: string }).code : '',
    );
    expect(codes.filter((code) => code === 'STAFF.MFA_WRONG_CODE')).toHaveLength(CODE_ATTEMPTS);
  });

  it('caps wrong codes per account across addresses and tickets, below the cap for wrong passwords', async () => {
    const { sut, passwordStep, currentCode, clock } = await makeSut();
    let tried = 0;
    while (tried < WRONG_CODES_PER_HOUR) {
      const mfaToken = await passwordStep();
      for (let i = 0; i < CODE_ATTEMPTS && tried < WRONG_CODES_PER_HOUR; i += 1, tried += 1) {
        const elsewhere = { clientAddress: `198.51.100.${tried}` };
        await expect(sut.execute({ mfaToken, code: '000000' }, elsewhere)).rejects.toBeInstanceOf(Unauthenticated);
      }
    }
    const refused = sut.execute({ mfaToken: await passwordStep(), code: currentCode() }, SOURCE);
    await expect(refused).rejects.toEqual(
      new TooManyAttempts(
        'STAFF.TOO_MANY_ATTEMPTS',
        'Too many wrong codes for this account. Try again in 60 minutes.',
        3600,
      ),
    );
    clock.advance(HOUR);
    await expect(sut.execute({ mfaToken: await passwordStep(), code: currentCode() }, SOURCE)).resolves.toMatchObject({
      user: { id: 7 },
    });
  });

  it('does not count a right code against the wrong-code cap', async () => {
    const { sut, passwordStep, currentCode, wrongCodes, clock } = await makeSut();
    for (let i = 0; i < WRONG_CODES_PER_HOUR + 1; i += 1) {
      clock.advance(TOTP_STEP_MS);
      await sut.execute({ mfaToken: await passwordStep(), code: currentCode() }, SOURCE);
    }
    await expect(wrongCodes.consume(EMAIL)).resolves.toMatchObject({ allowed: true });
  });

  it('mails the member once per mfaToken when a right password is followed by wrong codes', async () => {
    const { sut, passwordStep, currentCode, mailer } = await makeSut();
    const mfaToken = await passwordStep();
    for (let i = 0; i < 3; i += 1) {
      await expect(sut.execute({ mfaToken, code: '000000' }, SOURCE)).rejects.toBeInstanceOf(Unauthenticated);
    }
    expect(mailer.sent).toEqual([
      {
        to: [EMAIL],
        subject: 'Someone who knows your GroupFlow password tried to sign in',
        text: expect.stringContaining('then gave a wrong two-factor code'),
      },
    ]);
    await sut.execute({ mfaToken: await passwordStep(), code: currentCode() }, SOURCE);
    expect(mailer.sent).toHaveLength(1);
    await expect(sut.execute({ mfaToken: await passwordStep(), code: '000000' }, SOURCE)).rejects.toBeInstanceOf(
      Unauthenticated,
    );
    expect(mailer.sent).toHaveLength(2);
  });

  it('refuses the wrong code the same way when the notice cannot be mailed', async () => {
    const { sut, passwordStep, mailer } = await makeSut();
    mailer.failWith = new Error('smtp down');
    await expect(sut.execute({ mfaToken: await passwordStep(), code: '000000' }, SOURCE)).rejects.toEqual(
      new Unauthenticated('STAFF.MFA_WRONG_CODE', 'Invalid authentication code'),
    );
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
