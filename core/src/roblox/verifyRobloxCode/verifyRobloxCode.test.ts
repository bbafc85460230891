import { describe, expect, it } from 'vitest';
import { Forbidden, Invalid, TooManyAttempts } from '../../shared/errors.ts';
import { InMemoryRateLimiter } from '../../shared/testing/InMemoryRateLimiter.ts';
import { InMemoryCustomerRepository, makeCustomer } from '../../customer/testing/fakes.ts';
import { InMemoryRoblox, InMemoryVerificationCodes, RecordingRoleSync, SequentialRandom } from '../testing/fakes.ts';
import { IssueVerificationCode } from '../issueVerificationCode/issueVerificationCode.ts';
import { VerifyRobloxCode } from './verifyRobloxCode.ts';

const TTL = 15 * 60_000;
const HOUR = 60 * 60_000;
const ATTEMPTS_PER_HOUR = 3;
const NO_CODE_PATTERN = /No verification code is pending/;

const makeSut = () => {
  let now = new Date('2026-05-01T10:00:00Z');
  const clock = { now: () => now };
  const customers = new InMemoryCustomerRepository().add(
    makeCustomer({ id: 1, robloxId: '42', robloxUsername: 'Builderman' }),
  );
  const roblox = new InMemoryRoblox();
  const profile = roblox.addUser('42', 'Builderman', 'I build things');
  const codes = new InMemoryVerificationCodes();
  const roleSync = new RecordingRoleSync();
  const quota = new InMemoryRateLimiter({ points: ATTEMPTS_PER_HOUR, windowMs: HOUR }, clock);
  return {
    issue: new IssueVerificationCode(customers, codes, new SequentialRandom(), clock, TTL),
    sut: new VerifyRobloxCode(customers, codes, roblox, roleSync, clock, quota),
    roblox,
    quota,
    customers,
    profile,
    roleSync,
    later: (ms: number) => (now = new Date(now.getTime() + ms)),
  };
};

describe('IssueVerificationCode and VerifyRobloxCode', () => {
  it('issues a code of the asked length valid for the set time, and refuses an unlinked customer', async () => {
    const { issue, customers } = makeSut();
    const { code, expiresAt } = await issue.execute(1, 6);
    expect(code).toHaveLength(6);
    expect(expiresAt.toISOString()).toBe('2026-05-01T10:15:00.000Z');
    customers.add(makeCustomer({ id: 2 }));
    await expect(issue.execute(2, 8)).rejects.toBeInstanceOf(Forbidden);
  });

  it('verifies when the profile description holds the code (any case), then forgets the code', async () => {
    const { issue, sut, customers, profile, roleSync } = makeSut();
    const { code } = await issue.execute(1, 8);
    profile.description = `I build things ${code.toLowerCase()}`;
    expect(await sut.execute(1, code.toLowerCase())).toEqual({
      isVerified: true,
      robloxId: '42',
      robloxUsername: 'Builderman',
    });
    expect(customers.stored(1)?.isVerified).toBe(true);
    expect(roleSync.users).toEqual(['111']);
    await expect(sut.execute(1)).rejects.toBeInstanceOf(Invalid);
  });

  it('answers "Invalid verification code" when the profile lacks it or the typed code differs', async () => {
    const { issue, sut, customers, profile } = makeSut();
    const { code } = await issue.execute(1, 8);
    await expect(sut.execute(1)).rejects.toThrow('Invalid verification code');
    profile.description = code;
    await expect(sut.execute(1, 'WRONG123')).rejects.toThrow('Invalid verification code');
    expect(customers.stored(1)?.isVerified).toBe(false);
  });

  it('refuses a code older than its time to live', async () => {
    const { issue, sut, profile, later } = makeSut();
    const { code } = await issue.execute(1, 8);
    profile.description = code;
    later(TTL);
    await expect(sut.execute(1, code)).rejects.toThrow('expired');
  });

  it('limits attempts per customer: past the quota 429 with Retry-After, without reading the profile (issue 23)', async () => {
    const { issue, sut, roblox, quota, customers, later } = makeSut();
    await issue.execute(1, 8);
    for (let i = 0; i < ATTEMPTS_PER_HOUR; i += 1) await expect(sut.execute(1)).rejects.toBeInstanceOf(Invalid);
    const reads = roblox.freshReads;
    const refused = await sut.execute(1).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TooManyAttempts);
    expect((refused as TooManyAttempts).retryAfterSeconds).toBeGreaterThan(0);
    expect(roblox.freshReads).toBe(reads);
    expect(quota.consumed.at(-1)).toBe('1');
    // Another customer has a quota of its own, and the first one's returns with the window.
    customers.add(makeCustomer({ id: 2, robloxId: '42', robloxUsername: 'Builderman' }));
    await expect(sut.execute(2)).rejects.toThrow(NO_CODE_PATTERN);
    later(HOUR);
    await expect(sut.execute(1)).rejects.toBeInstanceOf(Invalid);
  });
});
