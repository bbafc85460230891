import { describe, expect, it } from 'vitest';
import { Conflict, Invalid } from '../../shared/errors.ts';
import { normalizeRecoveryCode } from '../mfaCodes.ts';
import { StaffSecurityNotices } from '../securityNotices.ts';
import { SetUpStaffMfa } from '../setUpStaffMfa/setUpStaffMfa.ts';
import {
  FakeQrCodes,
  FakeTotp,
  FixedClock,
  InMemoryStaffActivityLog,
  InMemoryStaffMfa,
  InMemoryStaffRepository,
  InMemoryStaffSessions,
  MailerSpy,
  SequentialRecoveryCodes,
  SequentialTokenGenerator,
  SpyTransaction,
  makeStaffMember,
} from '../testing/fakes.ts';
import { EnableStaffMfa } from './enableStaffMfa.ts';

const CALLER = 'token-of-this-session';

const makeSut = () => {
  const member = makeStaffMember({ id: 7, email: 'alice@groupflow.test' });
  const staff = new InMemoryStaffRepository().add(member);
  const mfa = new InMemoryStaffMfa(staff);
  const totp = new FakeTotp();
  const clock = new FixedClock();
  const tokens = new SequentialTokenGenerator();
  const activities = new InMemoryStaffActivityLog();
  const transaction = new SpyTransaction();
  const sessions = new InMemoryStaffSessions(staff);
  const mailer = new MailerSpy();
  const setup = new SetUpStaffMfa(mfa, totp, new FakeQrCodes());
  const sut = new EnableStaffMfa({
    mfa,
    totp,
    recovery: new SequentialRecoveryCodes(),
    tokens,
    sessions,
    notices: new StaffSecurityNotices(mailer, clock),
    activities,
    transaction,
    clock,
  });
  return { sut, setup, member, staff, mfa, clock, activities, transaction, sessions, tokens, mailer };
};

describe('SetUpStaffMfa and EnableStaffMfa', () => {
  it('sets up a pending secret with its otpauth URL and QR code, without turning anything on', async () => {
    const { setup, member, mfa, staff } = makeSut();
    await expect(setup.execute(member)).resolves.toEqual({
      secret: 'SECRET1',
      otpauthUrl: 'otpauth://totp/GroupFlow:alice@groupflow.test?secret=SECRET1',
      qrSvg: '<svg data-text="otpauth://totp/GroupFlow:alice@groupflow.test?secret=SECRET1"></svg>',
    });
    expect(await mfa.pendingSecret(7)).toBe('SECRET1');
    expect(await mfa.secret(7)).toBeNull();
    expect(staff.stored(7)?.mfaEnabled).toBe(false);
  });

  it('turns it on with a right code, answers 10 recovery codes once and stores only their keyed hashes', async () => {
    const { sut, setup, member, mfa, staff, clock, activities, transaction } = makeSut();
    const { secret } = await setup.execute(member);
    const { recoveryCodes } = await sut.execute(member, FakeTotp.code(secret, clock.now()), CALLER);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(mfa.stored(7)?.recoveryCodeHashes).toEqual(
      recoveryCodes.map((code) => `keyed:${normalizeRecoveryCode(code)}`),
    );
    expect(await mfa.secret(7)).toBe(secret);
    expect(await mfa.pendingSecret(7)).toBeNull();
    expect(staff.stored(7)?.mfaEnabled).toBe(true);
    expect(activities.entries).toMatchObject([{ staffUserId: 7, type: 'staff.mfa_enabled' }]);
    expect(transaction.runs).toBe(1);
  });

  it("ends the member's other sessions, keeps the one that enrolled, and leaves other members alone", async () => {
    const { sut, setup, member, clock, sessions, tokens } = makeSut();
    const later = new Date(clock.now().getTime() + 60 * 60_000);
    await sessions.create(7, tokens.hash(CALLER), later);
    await sessions.create(7, tokens.hash('stolen-session'), later);
    await sessions.create(8, tokens.hash('someone-else'), later);
    const { secret } = await setup.execute(member);
    await sut.execute(member, FakeTotp.code(secret, clock.now()), CALLER);
    expect(sessions.sessions.map((session) => session.tokenHash)).toEqual([
      tokens.hash(CALLER),
      tokens.hash('someone-else'),
    ]);
  });

  it('mails the member that an authenticator was enrolled', async () => {
    const { sut, setup, member, clock, mailer } = makeSut();
    const { secret } = await setup.execute(member);
    await sut.execute(member, FakeTotp.code(secret, clock.now()), CALLER);
    expect(mailer.sent).toEqual([
      {
        to: ['alice@groupflow.test'],
        subject: 'An authenticator was enrolled on your GroupFlow staff account',
        text: expect.stringContaining('If this was not you'),
      },
    ]);
  });

  it('turns it on even when the notice cannot be mailed', async () => {
    const { sut, setup, member, clock, mailer, staff } = makeSut();
    mailer.failWith = new Error('smtp down');
    const { secret } = await setup.execute(member);
    await expect(sut.execute(member, FakeTotp.code(secret, clock.now()), CALLER)).resolves.toHaveProperty(
      'recoveryCodes',
    );
    expect(staff.stored(7)?.mfaEnabled).toBe(true);
  });

  it('spends the confirming code, so it cannot also sign in', async () => {
    const { sut, setup, member, mfa, clock } = makeSut();
    const { secret } = await setup.execute(member);
    await sut.execute(member, FakeTotp.code(secret, clock.now()), CALLER);
    expect(await mfa.claimStep(7, FakeTotp.step(clock.now()))).toBe(false);
  });

  it('refuses a wrong code with a field message and keeps it off', async () => {
    const { sut, setup, member, staff } = makeSut();
    await setup.execute(member);
    await expect(sut.execute(member, '000000', CALLER)).rejects.toBeInstanceOf(Invalid);
    expect(staff.stored(7)?.mfaEnabled).toBe(false);
  });

  it('refuses without a setup, and refuses setup or enable while on (the secret is never shown again)', async () => {
    const { sut, setup, member, staff, clock } = makeSut();
    await expect(sut.execute(member, '123456', CALLER)).rejects.toBeInstanceOf(Conflict);
    const { secret } = await setup.execute(member);
    await sut.execute(member, FakeTotp.code(secret, clock.now()), CALLER);
    const enabled = staff.stored(7);
    if (!enabled) throw new Error('missing');
    await expect(setup.execute(enabled)).rejects.toBeInstanceOf(Conflict);
    await expect(sut.execute(enabled, FakeTotp.code(secret, clock.now()), CALLER)).rejects.toBeInstanceOf(Conflict);
  });
});
