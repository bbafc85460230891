import { describe, expect, it } from 'vitest';
import { Forbidden } from '../shared/errors.ts';
import { OwnerNotices } from './automationAuthority.ts';
import { keyRefusedNotice, OpenCloudKeyWatch } from './openCloudKeyWatch.ts';
import { InMemoryNotifications, InMemoryOpenCloud, InMemoryOpenCloudKeys, newOpenCloudKey } from './testing/fakes.ts';
import { GROUP, managedWorkspace, OWNER } from './testing/workspace.ts';

const savedAt = new Date('2026-11-26T12:00:00Z');

async function makeSut() {
  const world = await managedWorkspace();
  const keys = new InMemoryOpenCloudKeys();
  await keys.save(GROUP, newOpenCloudKey('good-key', { savedAt, lastUsedAt: savedAt }));
  const notifications = new InMemoryNotifications();
  const cloud = new InMemoryOpenCloud(world.roblox);
  let now = new Date('2026-11-27T00:00:00Z');
  const clock = { now: () => now, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
  const sut = new OpenCloudKeyWatch(cloud, {
    keys,
    groups: world.connected,
    owner: new OwnerNotices(world.customers, notifications),
    clock,
    settings: { useRecordMs: 60_000 },
  });
  return { ...world, keys, notifications, cloud, clock, sut };
}

describe('OpenCloudKeyWatch', () => {
  it('records each successful call as the key’s last use, at most once a minute per group', async () => {
    const { sut, keys, clock } = await makeSut();
    await sut.roles('good-key', GROUP);
    const first = clock.now();
    expect(keys.rows.get(GROUP)?.lastUsedAt).toEqual(first);
    clock.advance(30_000);
    await sut.roleOf('good-key', GROUP, '43');
    expect(keys.rows.get(GROUP)?.lastUsedAt).toEqual(first);
    clock.advance(30_000);
    await sut.assignRole('good-key', GROUP, '44', `${GROUP}-1`);
    expect(keys.rows.get(GROUP)?.lastUsedAt).toEqual(clock.now());
  });

  it('does not count a failed call, nor checking a key about to be saved, as a use', async () => {
    const { sut, keys, cloud } = await makeSut();
    cloud.failure = new Error('Roblox is down');
    await expect(sut.assignRole('good-key', GROUP, '44', `${GROUP}-1`)).rejects.toThrow('Roblox is down');
    await sut.checkKey('good-key', GROUP);
    expect(keys.rows.get(GROUP)?.lastUsedAt).toEqual(savedAt);
  });

  it('tells the owner once when Roblox refuses the saved key, however often it is refused', async () => {
    const { sut, cloud, notifications, keys, clock } = await makeSut();
    cloud.revoked = true;
    for (let call = 0; call < 3; call += 1)
      await expect(sut.roles('good-key', GROUP)).rejects.toBeInstanceOf(Forbidden);
    expect(await notifications.list(OWNER, 10)).toMatchObject([keyRefusedNotice('Cafe')]);
    expect(keys.rows.get(GROUP)?.refusedAt).toEqual(clock.now());
  });

  it('tells the owner again for a new key Roblox refuses, and never for a key that is not the saved one', async () => {
    const { sut, cloud, notifications, keys } = await makeSut();
    cloud.revoked = true;
    await expect(sut.roles('old-key-replaced-meanwhile', GROUP)).rejects.toBeInstanceOf(Forbidden);
    expect(await notifications.list(OWNER, 10)).toEqual([]);
    await expect(sut.roles('good-key', GROUP)).rejects.toBeInstanceOf(Forbidden);
    await keys.save(GROUP, newOpenCloudKey('good-key', { savedAt: new Date('2026-11-28T00:00:00Z') }));
    await expect(sut.roles('good-key', GROUP)).rejects.toBeInstanceOf(Forbidden);
    expect(await notifications.list(OWNER, 10)).toHaveLength(2);
  });
});
