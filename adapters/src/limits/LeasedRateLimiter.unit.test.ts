import { describe, expect, it } from 'vitest';
import { LeasedRateLimiter, type LeasableRateLimiter, type PointLease } from './LeasedRateLimiter.ts';

const WINDOW_MS = 10_000;

/** The shared count as the PostgreSQL limiter keeps it: fixed windows per key, leases take what is left. */
class SharedCountSpy implements LeasableRateLimiter {
  readonly #points: number;
  readonly #now: () => number;
  readonly #counts = new Map<string, { used: number; endsAt: number }>();
  calls = 0;

  constructor(points: number, now: () => number) {
    this.#points = points;
    this.#now = now;
  }

  used(key: string): number {
    return this.#counts.get(key)?.used ?? 0;
  }

  async lease(key: string, wanted: number): Promise<PointLease> {
    this.calls += 1;
    await Promise.resolve();
    const now = this.#now();
    const current = this.#counts.get(key);
    const count = current && current.endsAt > now ? current : { used: 0, endsAt: now + WINDOW_MS };
    const granted = Math.min(wanted, this.#points - count.used);
    count.used += granted;
    this.#counts.set(key, count);
    return { granted, remaining: this.#points - count.used, resetsInMs: count.endsAt - now };
  }

  async consume(key: string, points = 1) {
    const lease = await this.lease(key, points);
    return {
      allowed: lease.granted === points,
      remaining: lease.remaining,
      retryAfterMs: lease.granted === points ? 0 : lease.resetsInMs,
    };
  }

  async reset(key: string): Promise<void> {
    this.#counts.delete(key);
  }
}

function makeSut(points: number, share = 0.25) {
  const clock = { now: 1_000_000 };
  const shared = new SharedCountSpy(points, () => clock.now);
  const process = () => new LeasedRateLimiter(shared, { share, windowMs: WINDOW_MS }, () => clock.now);
  return { clock, shared, sut: process(), process };
}

const allowedOf = async (decisions: Promise<{ allowed: boolean }>[]) =>
  (await Promise.all(decisions)).filter((d) => d.allowed).length;

describe('LeasedRateLimiter', () => {
  it('asks the shared count a few times for many hits of one key', async () => {
    const { sut, shared } = makeSut(1_000_000);
    for (let i = 0; i < 1_000; i += 1) expect((await sut.consume('address')).allowed).toBe(true);
    expect(shared.calls).toBe(2);
    expect(shared.used('address')).toBeGreaterThanOrEqual(1_000);
  });

  it('never lets two processes together admit more than the limit, hits alternating between them', async () => {
    const { shared, process } = makeSut(50);
    const [a, b] = [process(), process()];
    let admitted = 0;
    for (let i = 0; i < 200; i += 1) if ((await (i % 3 === 0 ? a : b).consume('address')).allowed) admitted += 1;
    expect(admitted).toBeLessThanOrEqual(50);
    expect(admitted).toBeGreaterThanOrEqual(50 * 0.75);
    expect(shared.used('address')).toBe(50);
  });

  it('admits exactly the limit of concurrent hits on one process and makes them share one lease at a time', async () => {
    const { sut, shared } = makeSut(10);
    expect(await allowedOf(Array.from({ length: 40 }, () => sut.consume('burst')))).toBe(10);
    expect(shared.calls).toBeLessThan(40);
  });

  it('refuses a spent key without asking again, with the time left in the window', async () => {
    const { sut, shared, clock } = makeSut(2, 1);
    await sut.consume('k');
    await sut.consume('k');
    expect((await sut.consume('k')).allowed).toBe(false);
    const calls = shared.calls;
    clock.now += 4_000;
    expect(await sut.consume('k')).toEqual({ allowed: false, remaining: 0, retryAfterMs: WINDOW_MS - 4_000 });
    expect(shared.calls).toBe(calls);
  });

  it('starts over when the window ends, dropping points held from the old one', async () => {
    const { sut, shared, clock } = makeSut(100, 1);
    await sut.consume('k');
    await sut.consume('k');
    clock.now += WINDOW_MS;
    expect((await sut.consume('k')).allowed).toBe(true);
    expect(shared.used('k')).toBe(1);
  });

  it('forgets a key and its shared count on reset', async () => {
    const { sut, shared } = makeSut(1);
    await sut.consume('k');
    await sut.reset('k');
    expect(shared.used('k')).toBe(0);
    expect((await sut.consume('k')).allowed).toBe(true);
  });

  it('passes a failing shared count on to the caller and asks again next time', async () => {
    const down = () => Promise.reject(new Error('store down'));
    const failing: LeasableRateLimiter = { lease: down, consume: down, reset: down };
    const sut = new LeasedRateLimiter(failing, { share: 0.5, windowMs: WINDOW_MS });
    await expect(sut.consume('k')).rejects.toThrow('store down');
    await expect(sut.consume('k')).rejects.toThrow('store down');
  });

  it('refuses a share outside (0, 1]', () => {
    const { shared } = makeSut(5);
    expect(() => new LeasedRateLimiter(shared, { share: 0, windowMs: WINDOW_MS })).toThrow(RangeError);
    expect(() => new LeasedRateLimiter(shared, { share: 1.5, windowMs: WINDOW_MS })).toThrow(RangeError);
  });
});
