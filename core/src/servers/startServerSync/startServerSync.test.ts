import { describe, expect, it } from 'vitest';
import { Forbidden, Unauthenticated } from '../../shared/errors.ts';
import { InMemoryServerSyncRuns, RecordingServerSyncJobs } from '../../discord/testing/serverSyncFakes.ts';
import { TriggerServerSync } from '../../discord/triggerServerSync/triggerServerSync.ts';
import { MEMBER, makeGuild } from '../testing/fakes.ts';
import { makeWorld, NOW } from '../testing/world.ts';
import { CancelServerSync } from '../cancelServerSync/cancelServerSync.ts';
import { ReadServerSyncProgress } from '../readServerSyncProgress/readServerSyncProgress.ts';
import { StartServerSync } from './startServerSync.ts';

function makeSut() {
  const world = makeWorld();
  world.customer(1, [makeGuild('10')]);
  world.customer(2, [makeGuild('10', MEMBER)]);
  world.customer(3, [makeGuild('11')]);
  const runs = new InMemoryServerSyncRuns();
  const jobs = new RecordingServerSyncJobs();
  const trigger = new TriggerServerSync({ runs, jobs, clock: world.clock });
  const sut = {
    progress: new ReadServerSyncProgress({ ...world, runs }),
    start: new StartServerSync({ ...world, trigger }),
    cancel: new CancelServerSync({ ...world, runs }),
  };
  return { world, runs, jobs, sut };
}

describe('StartServerSync with ReadServerSyncProgress and CancelServerSync', () => {
  it('answers idle, starts a run and queues its job, estimates from the pace so far, and cancels it', async () => {
    const { world, runs, jobs, sut } = makeSut();
    expect(await sut.progress.execute(1, '10')).toMatchObject({ state: 'idle', total: 0, startedAt: null });
    expect(await sut.start.execute(1, '10')).toMatchObject({ state: 'running', visited: 0, startedAt: NOW });
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
