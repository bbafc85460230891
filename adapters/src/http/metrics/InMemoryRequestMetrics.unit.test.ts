import { describe, expect, it } from 'vitest';
import { InMemoryRequestMetrics } from './InMemoryRequestMetrics.ts';

const makeSut = (windowMs = 60_000) => {
  let now = 1_000_000;
  const sut = new InMemoryRequestMetrics(windowMs, () => now);
  return { sut, advance: (ms: number) => (now += ms) };
};

describe('InMemoryRequestMetrics', () => {
  it('reports no rate and no average before any request', () => {
    expect(makeSut().sut.figures()).toEqual({
      totalRequests: 0,
      successRate: null,
      avgResponseTime: null,
      windowSeconds: 60,
    });
  });

  it('counts server errors as failures, client errors as successes, and averages the times', () => {
    const { sut } = makeSut();
    sut.record(200, 10);
    sut.record(404, 20);
    sut.record(500, 30);
    sut.record(503, 40);
    expect(sut.figures()).toEqual({ totalRequests: 4, successRate: 50, avgResponseTime: 25, windowSeconds: 60 });
  });

  it('forgets requests older than the window as it rolls', () => {
    const { sut, advance } = makeSut(60_000);
    sut.record(500, 100);
    advance(30_000);
    sut.record(200, 10);
    advance(30_000);
    expect(sut.figures()).toMatchObject({ totalRequests: 1, successRate: 100, avgResponseTime: 10 });
    advance(30_000);
    expect(sut.figures().totalRequests).toBe(0);
  });

  it('reuses a bucket a full window later without mixing in its old counts', () => {
    const { sut, advance } = makeSut(60_000);
    sut.record(500, 100);
    advance(60_000);
    sut.record(200, 10);
    expect(sut.figures()).toMatchObject({ totalRequests: 1, successRate: 100 });
  });
});
