import { afterEach, describe, expect, it } from 'vitest';
import { CheckHealth } from './checkHealth.ts';
import type { DatabaseProbe } from './DatabaseProbe.ts';
import { ProbedHealth } from './probedHealth.ts';

class CountingProbe implements DatabaseProbe {
  calls = 0;
  down = false;
  release: (() => void) | undefined;
  holdNext = false;
  async ping(): Promise<void> {
    this.calls += 1;
    if (this.holdNext) await new Promise<void>((resolve) => (this.release = resolve));
    if (this.down) throw new Error('connect ECONNREFUSED');
  }
}

const makeSut = (intervalMs = 1000) => {
  const probe = new CountingProbe();
  let now = new Date('2026-01-01T00:00:00Z');
  const clock = { now: () => now };
  const sut = new ProbedHealth(new CheckHealth(probe, clock, 1000), clock, intervalMs);
  return { sut, probe, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
};

let running: ProbedHealth | undefined;
afterEach(() => running?.stop());

describe('ProbedHealth', () => {
  it('answers from one probe while it is at most the interval old, then probes again', async () => {
    const { sut, probe, advance } = makeSut(1000);
    const first = await sut.current();
    advance(1000);
    expect(await sut.current()).toBe(first);
    expect(probe.calls).toBe(1);
    advance(1);
    const second = await sut.current();
    expect(probe.calls).toBe(2);
    expect(second.checkedAt).toBe('2026-01-01T00:00:01.001Z');
  });

  it('lets simultaneous callers share the probe in flight instead of each querying the database', async () => {
    const { sut, probe } = makeSut();
    probe.holdNext = true;
    const answers = Promise.all([sut.current(), sut.current(), sut.current()]);
    await Promise.resolve();
    probe.release?.();
    const [a, b, c] = await answers;
    expect(probe.calls).toBe(1);
    expect(a).toBe(b);
    expect(b).toBe(c);
  });

  it('tells its listeners about every probe, including a database going down', async () => {
    const { sut, probe } = makeSut();
    const seen: string[] = [];
    sut.onReport((report) => seen.push(report.database));
    await sut.refresh();
    probe.down = true;
    await sut.refresh();
    expect(seen).toEqual(['connected', 'disconnected']);
  });

  it('probes in the background once started, without any caller', async () => {
    const probe = new CountingProbe();
    running = new ProbedHealth(new CheckHealth(probe, { now: () => new Date() }, 1000), { now: () => new Date() }, 5);
    running.start();
    await new Promise((resolve) => setTimeout(resolve, 60));
    running.stop();
    const calls = probe.calls;
    expect(calls).toBeGreaterThan(2);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(probe.calls).toBe(calls);
  });
});
