import { describe, expect, it } from 'vitest';
import type { ServerSyncJobs, ServerSyncRun } from '../serverSyncRuns.ts';
import { NOW } from '../testing/makeBot.ts';
import { InMemoryServerSyncRuns } from '../testing/serverSyncFakes.ts';
import { TriggerServerSync } from './triggerServerSync.ts';

/** Records, for each job, the run the job would find when it starts at once. */
class JobsThatStartAtOnce implements ServerSyncJobs {
  readonly found: (ServerSyncRun | null)[] = [];
  readonly #runs: InMemoryServerSyncRuns;
  constructor(runs: InMemoryServerSyncRuns) {
    this.#runs = runs;
  }
  async enqueue(guildId: string) {
    this.found.push(await this.#runs.get(guildId));
  }
}

function makeSut() {
  const runs = new InMemoryServerSyncRuns();
  const jobs = new JobsThatStartAtOnce(runs);
  const sut = new TriggerServerSync({ runs, jobs, clock: { now: () => NOW } });
  return { sut, runs, jobs };
}

describe('TriggerServerSync', () => {
  it('writes the run before it queues the job, so a job that starts at once finds it running', async () => {
    const { sut, jobs } = makeSut();
    const run = await sut.execute('g1');
    expect(run).toMatchObject({ guildId: 'g1', state: 'running', generation: 1, cursor: '0', startedAt: NOW });
    expect(jobs.found).toEqual([run]);
  });

  it('makes a running run carry on from its checkpoint as a new generation, and queues it again', async () => {
    const { sut, runs, jobs } = makeSut();
    await sut.execute('g1');
    runs.stored.set('g1', { ...runs.stored.get('g1')!, cursor: '500', visited: 12 });
    const again = await sut.execute('g1');
    expect(again).toMatchObject({ state: 'running', generation: 2, cursor: '500', wrapAt: '500', visited: 0 });
    expect(jobs.found.map((run) => run?.generation)).toEqual([1, 2]);
  });
});
