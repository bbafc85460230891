import { describe, expect, it } from 'vitest';
import { Conflict, Forbidden, Invalid, TooManyAttempts } from '../../shared/errors.ts';
import { InMemoryRateLimiter } from '../../shared/testing/InMemoryRateLimiter.ts';
import { InMemoryCustomerRepository, makeCustomer } from '../../customer/testing/fakes.ts';
import { SpyTransaction } from '../../staff/testing/fakes.ts';
import {
  InMemoryPendingClaims,
  InMemoryRoblox,
  InMemoryVerificationCodes,
  RecordingRoleSync,
  SequentialRandom,
} from '../testing/fakes.ts';
import { IssueVerificationCode } from '../issueVerificationCode/issueVerificationCode.ts';
import { CancelRobloxClaim } from '../cancelRobloxClaim/cancelRobloxClaim.ts';
import { VerifyRobloxCode } from './verifyRobloxCode.ts';

const TTL = 15 * 60_000;
const DAY = 24 * 3_600_000;
const HOUR = 60 * 60_000;
const ATTEMPTS_PER_HOUR = 3;
const NO_CODE_PATTERN = /No verification code is pending/;

/** Customer 1 has proven Builderman (42) and typed a second account, Second (43). */
const makeSut = () => {
  let now = new Date('2026-05-01T10:00:00Z');
  const clock = { now: () => now };
  const customers = new InMemoryCustomerRepository().add(
    makeCustomer({ id: 1, robloxId: '42', robloxUsername: 'Builderman', isVerified: true }),
  );
  const roblox = new InMemoryRoblox();
  roblox.addUser('42', 'Builderman', 'I build things');
  const second = roblox.addUser('43', 'Second', 'Another account');
  const codes = new InMemoryVerificationCodes();
  const claims = new InMemoryPendingClaims();
  void claims.put({
    customerId: 1,
    robloxId: '43',
    robloxUsername: 'Second',
    expiresAt: new Date(now.getTime() + DAY),
  });
  const roleSync = new RecordingRoleSync();
  const transaction = new SpyTransaction();
  const quota = new InMemoryRateLimiter({ points: ATTEMPTS_PER_HOUR, windowMs: HOUR }, clock);
  return {
    issue: new IssueVerificationCode({ customers, codes, claims, random: new SequentialRandom(), clock, ttlMs: TTL }),
    sut: new VerifyRobloxCode({ customers, codes, claims, profiles: roblox, roleSync, clock, transaction, quota }),
    cancel: new CancelRobloxClaim(customers, claims, codes, clock),
    roblox,
    quota,
    customers,
    claims,
    codes,
    second,
    roleSync,
    transaction,
    now: () => now,
    later: (ms: number) => (now = new Date(now.getTime() + ms)),
  };
};

describe('IssueVerificationCode and VerifyRobloxCode', () => {
  it('issues a code for the pending claim, of the asked length, valid for the set time; refuses a customer with neither claim nor link', async () => {
    const { issue, customers, codes } = makeSut();
    const { code, expiresAt } = await issue.execute(1, 6);
    expect(code).toHaveLength(6);
    expect(expiresAt.toISOString()).toBe('2026-05-01T10:15:00.000Z');
    expect((await codes.find(1))?.robloxId).toBe('43');
    customers.add(makeCustomer({ id: 2 }));
    await expect(issue.execute(2, 8)).rejects.toBeInstanceOf(Forbidden);
  });

  it('proves the claim when its profile holds the code (any case): the link switches in one transaction, then roles re-sync', async () => {
    const { issue, sut, customers, claims, second, roleSync, transaction, now } = makeSut();
    const { code } = await issue.execute(1, 8);
    second.description = `Another account ${code.toLowerCase()}`;
    expect(await sut.execute(1, code.toLowerCase())).toEqual({
      isVerified: true,
      robloxId: '43',
      robloxUsername: 'Second',
    });
    expect(customers.stored(1)).toMatchObject({ robloxId: '43', robloxUsername: 'Second', isVerified: true });
    expect(await claims.find(1, now())).toBeNull();
    expect(transaction.runs).toBe(1);
    expect(roleSync.users).toEqual(['111']);
    await expect(sut.execute(1)).rejects.toBeInstanceOf(Invalid);
  });

  it('F3: a wrong code, then a cancel, leave the first account, its proof and its roles as they were', async () => {
    const { issue, sut, cancel, customers, claims, codes, second, roleSync, now } = makeSut();
    const { code } = await issue.execute(1, 8);
    // The code is right but not in the profile yet: the member is told what to do, not that the code is wrong.
    await expect(sut.execute(1)).rejects.toMatchObject({
      code: 'ROBLOX.CODE_NOT_IN_PROFILE',
      message: `We couldn't find ${code} in Second's About yet. Save the profile on Roblox, wait a moment and press Verify again`,
    });
    second.description = code;
    await expect(sut.execute(1, 'WRONG123')).rejects.toThrow('Invalid verification code');
    expect(await cancel.execute(1)).toEqual({ message: 'Pending Roblox account cancelled' });
    expect(customers.stored(1)).toMatchObject({ robloxId: '42', robloxUsername: 'Builderman', isVerified: true });
    expect(await claims.find(1, now())).toBeNull();
    expect(await codes.find(1)).toBeNull();
    expect(roleSync.users).toEqual([]);
    // The code of a cancelled claim proves nothing afterwards.
    await expect(sut.execute(1, code)).rejects.toThrow('expired');
  });

  it('refuses a code older than its time to live, and a claim past its own expiry', async () => {
    const { issue, sut, second, later, claims, now } = makeSut();
    const { code } = await issue.execute(1, 8);
    second.description = code;
    later(TTL);
    await expect(sut.execute(1, code)).rejects.toThrow('expired');
    later(DAY);
    expect(await claims.find(1, now())).toBeNull();
  });

  it('refuses the proof when another customer proved the account meanwhile, changing nothing', async () => {
    const { issue, sut, customers, second } = makeSut();
    const { code } = await issue.execute(1, 8);
    second.description = code;
    customers.add(
      makeCustomer({ id: 2, discordId: '222', robloxId: '43', robloxUsername: 'Second', isVerified: true }),
    );
    await expect(sut.execute(1, code)).rejects.toBeInstanceOf(Conflict);
    expect(customers.stored(1)).toMatchObject({ robloxId: '42', isVerified: true });
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
