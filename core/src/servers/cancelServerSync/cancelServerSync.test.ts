import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { InMemoryServerSyncRuns } from '../../discord/testing/serverSyncFakes.ts';
import { MEMBER, makeGuild } from '../testing/fakes.ts';
import { makeWorld, NOW } from '../testing/world.ts';
import { CancelServerSync } from './cancelServerSync.ts';

describe('CancelServerSync', () => {
  it('stops the running sync for a manager; a member without Manage Server cannot', async () => {
    const world = makeWorld();
    world.customer(1, [makeGuild('10')]);
    world.customer(2, [makeGuild('10', MEMBER)]);
    const runs = new InMemoryServerSyncRuns();
    await runs.request('10', NOW);
    const sut = new CancelServerSync({ ...world, runs });
    await expect(sut.execute(2, '10')).rejects.toBeInstanceOf(Forbidden);
    expect(runs.stored.get('10')?.state).toBe('running');
    expect(await sut.execute(1, '10')).toMatchObject({ state: 'cancelled', finishedAt: NOW });
  });
});
