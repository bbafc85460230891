import { describe, expect, it } from 'vitest';
import { CheckHealth, DATABASE_UNREACHABLE } from './checkHealth.ts';
import type { DatabaseProbe } from './DatabaseProbe.ts';

class ProbeSpy implements DatabaseProbe {
  outcome: 'up' | 'down' | 'hang' = 'up';
  calls = 0;
  async ping(): Promise<void> {
    this.calls += 1;
    if (this.outcome === 'down') throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
    if (this.outcome === 'hang') await new Promise(() => undefined);
  }
}

const makeSut = (timeoutMs = 50) => {
  const probe = new ProbeSpy();
  let now = new Date('2026-01-01T00:00:00Z');
  const clock = { now: () => now };
  const sut = new CheckHealth(probe, clock, timeoutMs);
  return { sut, probe, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
};

describe('CheckHealth', () => {
  it('reports a connected database and a stable recovery while the probe answers', async () => {
    const { sut, probe } = makeSut();
    await expect(sut.execute()).resolves.toEqual({
      status: 'ok',
      database: 'connected',
      recovery: { state: 'stable', failedChecks: 0, since: null, lastError: null },
    });
    expect(probe.calls).toBe(1);
  });

  it('reports disconnected with the reason and counts failed checks during an outage', async () => {
    const { sut, probe, advance } = makeSut();
    probe.outcome = 'down';
    const first = await sut.execute();
    advance(5000);
    const second = await sut.execute();
    expect(first.database).toBe('disconnected');
    expect(first.status).toBe('degraded');
    expect(second.recovery).toEqual({
      state: 'reconnecting',
      failedChecks: 2,
      since: '2026-01-01T00:00:00.000Z',
      lastError: DATABASE_UNREACHABLE,
    });
  });

  it('marks the recovery when the database comes back after an outage', async () => {
    const { sut, probe, advance } = makeSut();
    probe.outcome = 'down';
    await sut.execute();
    probe.outcome = 'up';
    advance(1000);
    const report = await sut.execute();
    expect(report.database).toBe('connected');
    expect(report.recovery.state).toBe('recovered');
    expect(report.recovery.since).toBe('2026-01-01T00:00:01.000Z');
  });

  it('answers disconnected instead of hanging when the probe never returns', async () => {
    const { sut, probe } = makeSut(20);
    probe.outcome = 'hang';
    const report = await sut.execute();
    expect(report.database).toBe('disconnected');
    expect(report.recovery.lastError).toBe('no answer within 20 ms');
  });
});

describe('CheckHealth outage history', () => {
  it('reports when the last outage began, ended and how long it lasted, and keeps it through a later outage', async () => {
    const { sut, probe, advance } = makeSut();
    probe.outcome = 'down';
    await sut.execute();
    advance(4000);
    await sut.execute();
    probe.outcome = 'up';
    advance(3000);
    const back = await sut.execute();
    const outage = { startedAt: '2026-01-01T00:00:00.000Z', endedAt: '2026-01-01T00:00:07.000Z', durationMs: 7000 };
    expect(back.recovery.lastOutage).toEqual(outage);
    probe.outcome = 'down';
    advance(1000);
    expect((await sut.execute()).recovery).toMatchObject({ state: 'reconnecting', lastOutage: outage });
  });
});
