import { describe, expect, it } from 'vitest';
import { OwnerNotices } from '../automationAuthority.ts';
import { InMemoryNotifications, InMemoryOpenCloudKeys, newOpenCloudKey } from '../testing/fakes.ts';
import { GROUP, managedWorkspace, OWNER } from '../testing/workspace.ts';
import { WarnOpenCloudKeyLapse } from './warnOpenCloudKeyLapse.ts';

const now = new Date('2026-11-27T00:00:00Z');
const DAY = 24 * 60 * 60_000;
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
const key = newOpenCloudKey('good-key', { savedAt: daysAgo(100), lastUsedAt: daysAgo(1) });

async function makeSut() {
  const world = await managedWorkspace();
  const keys = new InMemoryOpenCloudKeys();
  const notifications = new InMemoryNotifications();
  const sut = new WarnOpenCloudKeyLapse({
    keys,
    groups: world.connected,
    owner: new OwnerNotices(world.customers, notifications),
    clock: { now: () => now },
    settings: { idleDays: 60, warnDays: 7 },
  });
  const warnings = () => notifications.list(OWNER, 10);
  return { keys, sut, warnings };
}

describe('WarnOpenCloudKeyLapse', () => {
  it('leaves a key in use and far from its expiry alone', async () => {
    const { keys, sut, warnings } = await makeSut();
    await keys.save(GROUP, { ...key, expiresAt: new Date(now.getTime() + 8 * DAY) });
    expect(await sut.due()).toEqual([]);
    expect(await sut.execute(GROUP)).toBe(false);
    expect(await warnings()).toEqual([]);
  });

  it('warns the owner once, a week before the expiry set in Roblox', async () => {
    const { keys, sut, warnings } = await makeSut();
    await keys.save(GROUP, { ...key, expiresAt: new Date('2026-11-30T00:00:00Z') });
    expect(await sut.due()).toEqual([GROUP]);
    expect(await sut.execute(GROUP)).toBe(true);
    expect(await sut.execute(GROUP)).toBe(false);
    expect(await sut.due()).toEqual([]);
    expect(await warnings()).toMatchObject([
      {
        kind: 'open-cloud-key',
        title: 'The Open Cloud key lapses soon',
        message: expect.stringMatching(/^The Open Cloud key of Cafe expires on 2026-11-30 \(UTC\), as set in Roblox: /),
      },
    ]);
  });

  it('warns once a week before 60 idle days run out, counted from the last use', async () => {
    const { keys, sut, warnings } = await makeSut();
    await keys.save(GROUP, { ...key, lastUsedAt: daysAgo(52) });
    expect(await sut.due()).toEqual([]);
    await keys.markUsed(GROUP, daysAgo(54));
    expect(await sut.due()).toEqual([GROUP]);
    expect(await sut.execute(GROUP)).toBe(true);
    expect(await warnings()).toMatchObject([
      { message: expect.stringContaining('lapses on 2026-12-03 (UTC): Roblox expires keys unused for 60 days.') },
    ]);
  });

  it('does not warn of a key Roblox refused (the owner was told), and warns of a new key afresh', async () => {
    const { keys, sut, warnings } = await makeSut();
    await keys.save(GROUP, { ...key, lastUsedAt: daysAgo(58) });
    await keys.markNoticed(GROUP, key.savedAt, 'refused', daysAgo(1));
    expect(await sut.due()).toEqual([]);
    expect(await sut.execute(GROUP)).toBe(false);
    await sut.execute(GROUP);
    await keys.save(GROUP, { ...key, savedAt: daysAgo(70), lastUsedAt: daysAgo(58) });
    expect(await sut.execute(GROUP)).toBe(true);
    expect(await warnings()).toHaveLength(1);
  });
});
