import { describe, expect, it } from 'vitest';
import { Forbidden, TooManyAttempts, Unauthenticated } from '../../shared/errors.ts';
import { InMemoryRateLimiter } from '../../shared/testing/InMemoryRateLimiter.ts';
import { InMemoryServerSyncRuns, RecordingServerSyncJobs } from '../../discord/testing/serverSyncFakes.ts';
import { MEMBER, makeGuild } from '../testing/fakes.ts';
import { makeWorld, NOW } from '../testing/world.ts';
import { CancelServerSync } from '../cancelServerSync/cancelServerSync.ts';
import { ReadServerSyncProgress } from '../readServerSyncProgress/readServerSyncProgress.ts';
import { StartServerSync } from './startServerSync.ts';

const STARTS_PER_HOUR = 6;
const HOUR = 3_600_000;

function makeSut() {
  const world = makeWorld();
  world.customer(1, [makeGuild('10')]);
  world.customer(2, [makeGuild('10', MEMBER)]);
  world.customer(3, [makeGuild('11')]);
  const runs = new InMemoryServerSyncRuns();
  const jobs = new RecordingServerSyncJobs();
  const starts = new InMemoryRateLimiter({ points: STARTS_PER_HOUR, windowMs: HOUR }, world.clock);
  const sut = {
    progress: new ReadServerSyncProgress({ ...world, runs }),
    start: new StartServerSync({ ...world, runs, jobs, starts }),
    cancel: new CancelServerSync({ ...world, runs }),
  };
  return { world, runs, jobs, sut };
}

describe('StartServerSync with ReadServerSyncProgress and CancelServerSync', () => {
  it('answers idle, starts a run and queues its job, estimates from the pace so far, and cancels it', async () => {
    const { world, runs, jobs, sut } = makeSut();
    expect(await sut.progress.execute(1, '10')).toMatchObject({ state: 'idle', total: 0, startedAt: null });
    expect(await sut.start.execute(1, '10')).toEqual({
      started: true,
      progress: expect.objectContaining({ state: 'running', runId: 1, visited: 0, startedAt: NOW }),
    });
    expect(jobs.enqueued).toEqual(['10']);

    runs.stored.set('10', { ...runs.stored.get('10')!, total: 1000, visited: 250, changed: 100, unchanged: 150 });
    world.clock.current = new Date(NOW.getTime() + 50_000);
    expect(await sut.progress.execute(1, '10')).toMatchObject({ visited: 250, estimatedSecondsLeft: 150 });

    expect(await sut.cancel.execute(1, '10')).toMatchObject({ state: 'cancelled', finishedAt: world.clock.current });
    // Cancelling what is no longer running answers it as it is.
    expect(await sut.cancel.execute(1, '10')).toMatchObject({ state: 'cancelled', estimatedSecondsLeft: 0 });
  });

  it('refuses a member without Manage Server, a stranger to the server and a visitor, starting nothing', async () => {
    const { runs, jobs, sut } = makeSut();
    for (const customerId of [2, 3]) {
      await expect(sut.start.execute(customerId, '10')).rejects.toBeInstanceOf(Forbidden);
      await expect(sut.progress.execute(customerId, '10')).rejects.toBeInstanceOf(Forbidden);
      await expect(sut.cancel.execute(customerId, '10')).rejects.toBeInstanceOf(Forbidden);
    }
    await expect(sut.start.execute(undefined, '10')).rejects.toBeInstanceOf(Unauthenticated);
    expect(runs.stored.size).toBe(0);
    expect(jobs.enqueued).toEqual([]);
  });
});

describe('StartServerSync: coalesced starts and the hourly limit (issue 33)', () => {
  /** The bot ends the run, as RunServerSync does at the last member. */
  const finish = (runs: InMemoryServerSyncRuns, at: Date) =>
    runs.stored.set('10', { ...runs.stored.get('10')!, state: 'done', finishedAt: at });

  it('answers 8 quick starts with one run: the first begins it, the others join it without counting', async () => {
    const { runs, jobs, sut } = makeSut();
    const answers = await Promise.all(Array.from({ length: 8 }, () => sut.start.execute(1, '10')));
    expect(answers.filter((answer) => answer.started)).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.progress.runId))).toEqual(new Set([1]));
    expect(answers.every((answer) => answer.progress.state === 'running')).toBe(true);
    expect(jobs.enqueued).toEqual(['10']);
    expect(runs.stored.get('10')).toMatchObject({ generation: 1, state: 'running' });
  });

  it('begins at most the hourly limit of runs per server, then refuses until the first start leaves the hour', async () => {
    const { world, runs, jobs, sut } = makeSut();
    for (let run = 1; run <= STARTS_PER_HOUR; run++) {
      world.clock.current = new Date(NOW.getTime() + run * 60_000);
      expect(await sut.start.execute(1, '10')).toMatchObject({ started: true, progress: { runId: run } });
      finish(runs, world.clock.current);
    }
    world.clock.current = new Date(NOW.getTime() + 10 * 60_000);
    const refused = await sut.start.execute(1, '10').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TooManyAttempts);
    expect(refused).toMatchObject({ code: 'SERVERS.TOO_MANY_SYNC_STARTS', retryAfterSeconds: 51 * 60 });
    expect((refused as Error).message).toMatch(/in 51 minutes/);
    expect(runs.stored.get('10')).toMatchObject({ state: 'done', generation: STARTS_PER_HOUR });
    expect(jobs.enqueued).toHaveLength(STARTS_PER_HOUR);

    // Another server has its own hour.
    expect(await sut.start.execute(3, '11')).toMatchObject({ started: true });
    // Once the first start has left the hour, the server may begin one again (the Discord grant still valid then).
    world.grants.grants.set(1, { ...world.grants.grants.get(1)!, expiresAt: new Date(NOW.getTime() + 2 * HOUR) });
    world.clock.current = new Date(NOW.getTime() + 61 * 60_000);
    expect(await sut.start.execute(1, '10')).toMatchObject({ started: true, progress: { runId: 7 } });
  });

  it('still answers the running run once the limit is reached', async () => {
    const { world, runs, sut } = makeSut();
    for (let run = 1; run < STARTS_PER_HOUR; run++) {
      await sut.start.execute(1, '10');
      finish(runs, world.clock.now());
    }
    expect(await sut.start.execute(1, '10')).toMatchObject({ started: true, progress: { runId: STARTS_PER_HOUR } });
    expect(await sut.start.execute(1, '10')).toMatchObject({ started: false, progress: { runId: STARTS_PER_HOUR } });
  });
});
