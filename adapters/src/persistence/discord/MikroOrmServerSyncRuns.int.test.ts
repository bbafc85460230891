import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Orm } from '../database.ts';
import { MikroOrmServerSyncRuns } from './MikroOrmServerSyncRuns.ts';

let orm: Orm;
let runs: MikroOrmServerSyncRuns;
let next = 0;
const guild = () => `${Date.now()}${(next += 1)}`;
const AT = new Date('2026-11-26T10:00:00Z');

beforeAll(async () => {
  orm = await openDatabase(inject('databaseUrl'));
  runs = new MikroOrmServerSyncRuns(orm);
});
afterAll(async () => {
  await orm?.close(true);
});

describe('MikroOrmServerSyncRuns', () => {
  it('starts a run from the first member, and a trigger while it runs begins a new generation at its checkpoint', async () => {
    const id = guild();
    expect(await runs.get(id)).toBeNull();
    const first = await runs.request(id, AT);
    expect(first).toMatchObject({
      state: 'running',
      generation: 1,
      cursor: '0',
      wrapAt: '0',
      visited: 0,
      startedAt: AT,
    });
    const claimed = (await runs.claim(id, 'w1'))!;
    expect(await runs.checkpoint({ ...claimed, cursor: '500', visited: 500, changed: 200 }, 'w1')).toBe(true);

    const later = new Date(AT.getTime() + 60_000);
    expect(await runs.request(id, later)).toMatchObject({
      generation: 2,
      cursor: '500',
      wrapAt: '500',
      wrapped: false,
      visited: 0,
      changed: 0,
      startedAt: later,
      workerToken: 'w1',
    });
    // The worker's next checkpoint is of the old generation: refused, so it reloads the settings.
    expect(await runs.checkpoint({ ...claimed, cursor: '600', visited: 600 }, 'w1')).toBe(false);
    expect((await runs.get(id))!.cursor).toBe('500');
    expect(await runs.running()).toContain(id);
  });

  it('starts a run only when none is running: of concurrent starts exactly one begins it, a finished run afresh', async () => {
    const id = guild();
    const begun = await Promise.all(Array.from({ length: 8 }, () => runs.start(id, AT)));
    expect(begun.filter((run) => run !== null)).toEqual([expect.objectContaining({ generation: 1, cursor: '0' })]);
    const claimed = (await runs.claim(id, 'w1'))!;
    const again = await Promise.all(Array.from({ length: 4 }, () => runs.start(id, AT)));
    expect(again).toEqual([null, null, null, null]);
    expect(await runs.get(id)).toMatchObject({ generation: 1, state: 'running', workerToken: 'w1' });

    expect(await runs.checkpoint({ ...claimed, cursor: '10', state: 'done', finishedAt: AT }, 'w1')).toBe(true);
    const later = new Date(AT.getTime() + 60_000);
    expect(await runs.start(id, later)).toMatchObject({
      generation: 2,
      state: 'running',
      cursor: '0',
      wrapAt: '0',
      workerToken: null,
      finishedAt: null,
      startedAt: later,
    });
  });

  it('lets only the current worker write, ends on cancel, and starts afresh after a finished run', async () => {
    const id = guild();
    await runs.request(id, AT);
    const dead = (await runs.claim(id, 'dead'))!;
    const resumed = (await runs.claim(id, 'second'))!;
    expect(await runs.checkpoint({ ...dead, cursor: '9' }, 'dead')).toBe(false);
    expect(await runs.checkpoint({ ...resumed, cursor: '10', visited: 1 }, 'second')).toBe(true);

    expect(await runs.cancel(id, AT)).toMatchObject({ state: 'cancelled', finishedAt: AT, cursor: '10' });
    expect(await runs.cancel(id, AT)).toBeNull();
    expect(await runs.claim(id, 'third')).toBeNull();
    expect(await runs.checkpoint({ ...resumed, cursor: '11' }, 'second')).toBe(false);
    expect(await runs.running()).not.toContain(id);

    expect(await runs.request(id, AT)).toMatchObject({
      state: 'running',
      generation: 2,
      cursor: '0',
      wrapAt: '0',
      finishedAt: null,
      workerToken: null,
    });
  });
});
