import { describe, expect, it } from 'vitest';
import { TooManyAttempts, Unauthenticated } from '../../shared/errors.ts';
import { InMemoryRateLimiter } from '../../shared/testing/InMemoryRateLimiter.ts';
import { InMemoryCustomerRepository, makeCustomer } from '../../customer/testing/fakes.ts';
import { InMemoryPendingClaims, InMemoryRoblox } from '../testing/fakes.ts';
import { DescribeRobloxAccount } from './describeRobloxAccount.ts';

const MINUTE = 60_000;
const SEARCHES_PER_MINUTE = 2;

const makeSut = () => {
  let now = new Date('2026-05-01T10:00:00Z');
  const clock = { now: () => now };
  const customers = new InMemoryCustomerRepository()
    .add(makeCustomer({ id: 1, robloxId: '42', robloxUsername: 'Builderman' }))
    .add(makeCustomer({ id: 2 }));
  const roblox = new InMemoryRoblox();
  roblox.addUser('42', 'Builderman');
  const quota = new InMemoryRateLimiter({ points: SEARCHES_PER_MINUTE, windowMs: MINUTE }, clock);
  const sut = new DescribeRobloxAccount({
    customers,
    users: roblox,
    search: roblox,
    memberships: roblox,
    thumbnails: roblox,
    claims: new InMemoryPendingClaims(),
    clock,
    searchLimit: 10,
    searchQuota: quota,
  });
  return { sut, roblox, later: (ms: number) => (now = new Date(now.getTime() + ms)) };
};

describe('DescribeRobloxAccount quotas (issue 23)', () => {
  it('limits user searches per customer: past the quota 429 with Retry-After and Roblox is not asked', async () => {
    const { sut, roblox, later } = makeSut();
    for (let i = 0; i < SEARCHES_PER_MINUTE; i += 1) expect((await sut.search(1, 'build')).data).toHaveLength(1);
    const refused = await sut.search(1, 'build').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TooManyAttempts);
    expect((refused as TooManyAttempts).retryAfterSeconds).toBeGreaterThan(0);
    expect(roblox.searches).toBe(SEARCHES_PER_MINUTE);
    // Another customer's quota is its own; the first one's returns with the next window.
    expect((await sut.search(2, 'build')).data).toHaveLength(1);
    later(MINUTE);
    expect((await sut.search(1, 'build')).data).toHaveLength(1);
  });

  it('refuses a visitor before counting or searching', async () => {
    const { sut, roblox } = makeSut();
    await expect(sut.search(undefined, 'build')).rejects.toBeInstanceOf(Unauthenticated);
    expect(roblox.searches).toBe(0);
  });

  it('answers headshots to signed-in customers only, so a visitor cannot spend our Roblox quota', async () => {
    const { sut, roblox } = makeSut();
    await expect(sut.headshot(undefined, '42')).rejects.toBeInstanceOf(Unauthenticated);
    expect(roblox.headshots).toBe(0);
    expect((await sut.headshot(2, '42')).contentType).toBe('image/png');
  });
});
