import { describe, expect, it } from 'vitest';
import { TooManyAttempts, Unauthenticated } from '../../shared/errors.ts';
import { InMemoryRateLimiter } from '../../shared/testing/InMemoryRateLimiter.ts';
import { InMemoryCustomerRepository, makeCustomer } from '../../customer/testing/fakes.ts';
import { InMemoryRoblox } from '../testing/fakes.ts';
import { SearchRobloxUsers } from './searchRobloxUsers.ts';

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
  const sut = new SearchRobloxUsers(customers, roblox, 10, quota);
  return { sut, roblox, later: (ms: number) => (now = new Date(now.getTime() + ms)) };
};

describe('SearchRobloxUsers quota (issue 23)', () => {
  it('limits user searches per customer: past the quota 429 with Retry-After and Roblox is not asked', async () => {
    const { sut, roblox, later } = makeSut();
    for (let i = 0; i < SEARCHES_PER_MINUTE; i += 1) expect((await sut.execute(1, 'build')).data).toHaveLength(1);
    const refused = await sut.execute(1, 'build').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TooManyAttempts);
    expect((refused as TooManyAttempts).retryAfterSeconds).toBeGreaterThan(0);
    expect(roblox.searches).toBe(SEARCHES_PER_MINUTE);
    // Another customer's quota is its own; the first one's returns with the next window.
    expect((await sut.execute(2, 'build')).data).toHaveLength(1);
    later(MINUTE);
    expect((await sut.execute(1, 'build')).data).toHaveLength(1);
  });

  it('refuses a visitor before counting or searching', async () => {
    const { sut, roblox } = makeSut();
    await expect(sut.execute(undefined, 'build')).rejects.toBeInstanceOf(Unauthenticated);
    expect(roblox.searches).toBe(0);
  });
});
