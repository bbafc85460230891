import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { InMemoryServerSyncRuns } from '../../discord/testing/serverSyncFakes.ts';
import { MEMBER, makeGuild } from '../testing/fakes.ts';
import { makeWorld, NOW } from '../testing/world.ts';
import { ReadServerSyncProgress } from './readServerSyncProgress.ts';

describe('ReadServerSyncProgress', () => {
  it("answers a server's sync progress to its managers only", async () => {
    const world = makeWorld();
    world.customer(1, [makeGuild('10')]);
    world.customer(2, [makeGuild('10', MEMBER)]);
    const runs = new InMemoryServerSyncRuns();
    const sut = new ReadServerSyncProgress({ ...world, runs });
    expect(await sut.execute(1, '10')).toMatchObject({ state: 'idle', total: 0, startedAt: null });
    await runs.request('10', NOW);
    expect(await sut.execute(1, '10')).toMatchObject({ state: 'running', startedAt: NOW });
    await expect(sut.execute(2, '10')).rejects.toBeInstanceOf(Forbidden);
  });
});
