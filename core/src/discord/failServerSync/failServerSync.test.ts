import { describe, expect, it } from 'vitest';
import { InMemoryServerSyncRuns, RecordingServerSyncJobs } from '../testing/serverSyncFakes.ts';
import { TriggerServerSync } from '../triggerServerSync/triggerServerSync.ts';
import { FailServerSync } from './failServerSync.ts';

const NOW = new Date('2026-11-26T10:00:00Z');

function makeSut() {
  const runs = new InMemoryServerSyncRuns();
  const clock = { now: () => NOW };
  const trigger = new TriggerServerSync({ runs, jobs: new RecordingServerSyncJobs(), clock });
  return { sut: new FailServerSync({ runs, clock }), runs, trigger };
}

describe('FailServerSync', () => {
  it('marks the run failed when its job gives up, unless it is no longer running', async () => {
    const { sut, runs, trigger } = makeSut();
    await trigger.execute('g1');
    await sut.execute({ guildId: 'g1', workerToken: 'w1', error: 'Discord is down' });
    expect(await runs.get('g1')).toMatchObject({ state: 'failed', error: 'Discord is down', finishedAt: NOW });
    await trigger.execute('g1');
    await runs.cancel('g1', NOW);
    await sut.execute({ guildId: 'g1', workerToken: 'w2', error: 'late' });
    expect(await runs.get('g1')).toMatchObject({ state: 'cancelled', error: null });
  });
});
