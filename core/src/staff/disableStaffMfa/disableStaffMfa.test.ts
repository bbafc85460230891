import { describe, expect, it } from 'vitest';
import { Conflict, Forbidden, Invalid, TooManyAttempts } from '../../shared/errors.ts';
import { InMemoryRateLimiter } from '../../shared/testing/InMemoryRateLimiter.ts';
import { MfaCodeCheck, normalizeRecoveryCode } from '../mfaCodes.ts';
import {
  FakeTotp,
  FixedClock,
  InMemoryStaffActivityLog,
  InMemoryStaffMfa,
  InMemoryStaffRepository,
  InMemoryStaffSessions,
  MINUTE,
  SequentialRecoveryCodes,
  SequentialTokenGenerator,
  SpyTransaction,
  TOTP_STEP_MS,
  makeStaffMember,
} from '../testing/fakes.ts';
import { DisableStaffMfa } from './disableStaffMfa.ts';

const SECRET = 'ALICESECRET';
const CALLER = { token: 'token-of-this-session', clientAddress: '203.0.113.7' };

const makeSut = async () => {
  const staff = new InMemoryStaffRepository().add(makeStaffMember({ id: 7 }));
  const mfa = new InMemoryStaffMfa(staff);
  const tokens = new SequentialTokenGenerator();
  const clock = new FixedClock();
  const recovery = new SequentialRecoveryCodes();
  await mfa.enable(7, SECRET, [recovery.hash(normalizeRecoveryCode('RC-1'))], 0);
  const sessions = new InMemoryStaffSessions(staff);
  const loginAttempts = new InMemoryRateLimiter({ points: 3, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE }, clock);
  const activities = new InMemoryStaffActivityLog();
  const sut = new DisableStaffMfa({
    mfa,
    codes: new MfaCodeCheck({ mfa, totp: new FakeTotp(), recovery, tokens, clock }),
    loginAttempts,
    sessions,
    tokens,
    activities,
    transaction: new SpyTransaction(),
    policy: { requiredRoles: ['platform_owner'] },
  });
  const member = () => {
    const stored = staff.stored(7);
    if (!stored) throw new Error('missing');
    return stored;
  };
  return { sut, staff, mfa, clock, activities, member, sessions, tokens };
};

describe('DisableStaffMfa', () => {
  it('turns it off with a current code, forgets the secret and records it', async () => {
    const { sut, mfa, clock, activities, member } = await makeSut();
    await sut.execute(member(), FakeTotp.code(SECRET, clock.now()), CALLER);
    expect(member().mfaEnabled).toBe(false);
    expect(await mfa.secret(7)).toBeNull();
    expect(activities.entries).toMatchObject([{ staffUserId: 7, type: 'staff.mfa_disabled' }]);
  });

  it("ends the member's other sessions and keeps the one that asked", async () => {
    const { sut, clock, member, sessions, tokens } = await makeSut();
    const later = new Date(clock.now().getTime() + 60 * MINUTE);
    await sessions.create(7, tokens.hash(CALLER.token), later);
    await sessions.create(7, tokens.hash('stolen-session'), later);
    await sut.execute(member(), FakeTotp.code(SECRET, clock.now()), CALLER);
    expect(sessions.sessions.map((session) => session.tokenHash)).toEqual([tokens.hash(CALLER.token)]);
  });

  it('turns it off with a recovery code', async () => {
    const { sut, member } = await makeSut();
    await sut.execute(member(), 'rc-1', CALLER);
    expect(member().mfaEnabled).toBe(false);
  });

  it('refuses a wrong code, and locks after the account limit so a stolen session is no code oracle', async () => {
    const { sut, clock, member } = await makeSut();
    for (let i = 0; i < 3; i += 1) {
      await expect(sut.execute(member(), '000000', CALLER)).rejects.toBeInstanceOf(Invalid);
    }
    clock.advance(TOTP_STEP_MS);
    await expect(sut.execute(member(), FakeTotp.code(SECRET, clock.now()), CALLER)).rejects.toBeInstanceOf(
      TooManyAttempts,
    );
    expect(member().mfaEnabled).toBe(true);
  });

  it('refuses a member whose role requires it: only the owner can reset it', async () => {
    const { sut, staff, clock, member } = await makeSut();
    staff.add({ ...member(), role: 'platform_owner' });
    await expect(sut.execute(member(), FakeTotp.code(SECRET, clock.now()), CALLER)).rejects.toBeInstanceOf(Forbidden);
    expect(member().mfaEnabled).toBe(true);
  });

  it('says so when it is already off', async () => {
    const { sut, staff } = await makeSut();
    await expect(sut.execute(makeStaffMember({ id: 7 }), '123456', CALLER)).rejects.toBeInstanceOf(Conflict);
    expect(staff.stored(7)?.mfaEnabled).toBe(true);
  });
});
