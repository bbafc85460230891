import { describe, expect, it } from 'vitest';
import { Forbidden, Invalid } from '../../shared/errors.ts';
import { GROUP, MANAGER, managedWorkspace, OWNER, STAFF } from '../testing/workspace.ts';
import { InMemoryNotifications, InMemoryOpenCloud, InMemoryOpenCloudKeys } from '../testing/fakes.ts';
import { OwnerNotices } from '../automationAuthority.ts';
import { SaveOpenCloudKey } from './saveOpenCloudKey.ts';

const clock = { now: () => new Date('2026-11-26T12:00:00Z') };
const lifetime = { idleDays: 60 };

async function makeSut() {
  const world = await managedWorkspace();
  const keys = new InMemoryOpenCloudKeys();
  const notifications = new InMemoryNotifications();
  const owner = new OwnerNotices(world.customers, notifications);
  const cloud = new InMemoryOpenCloud(world.roblox);
  const sut = new SaveOpenCloudKey(world.access, cloud, keys, clock, owner, lifetime);
  return { ...world, keys, cloud, notifications, sut };
}

describe('SaveOpenCloudKey', () => {
  it('stores a key Open Cloud accepted and answers what it may do, never the key', async () => {
    const { sut, keys } = await makeSut();
    const status = await sut.execute(OWNER, GROUP, 'good-key');
    expect(status).toEqual({
      set: true,
      permissions: ['group:read', 'group:write'],
      savedAt: clock.now(),
      expiresAt: null,
      lastUsedAt: clock.now(),
      lapsesAt: new Date('2027-01-25T12:00:00Z'),
      refusedAt: null,
    });
    expect(keys.rows.get(GROUP)).toMatchObject({ apiKey: 'good-key', savedBy: OWNER });
  });

  it('keeps the expiry set in Roblox, which lapses the key before 60 idle days would', async () => {
    const { sut, cloud, keys } = await makeSut();
    cloud.expiresAt = new Date('2026-12-01T00:00:00Z');
    expect(await sut.execute(OWNER, GROUP, 'good-key')).toMatchObject({
      expiresAt: cloud.expiresAt,
      lapsesAt: cloud.expiresAt,
    });
    expect(keys.rows.get(GROUP)?.expiresAt).toEqual(cloud.expiresAt);
  });

  it('forgets what the owner was told of the old key: a new key is warned about and refused afresh', async () => {
    const { sut, keys } = await makeSut();
    await sut.execute(OWNER, GROUP, 'good-key');
    const old = keys.rows.get(GROUP)!;
    expect(await keys.markNoticed(GROUP, old.savedAt, 'refused', clock.now())).toBe(true);
    expect(await keys.markNoticed(GROUP, old.savedAt, 'lapsing', clock.now())).toBe(true);
    await sut.execute(OWNER, GROUP, 'good-key');
    expect(keys.rows.get(GROUP)).toMatchObject({ lapseWarnedAt: null, refusedAt: null });
  });

  it('never stores a refused key: the old one stays', async () => {
    const { sut, keys } = await makeSut();
    await sut.execute(OWNER, GROUP, 'good-key');
    await expect(sut.execute(OWNER, GROUP, 'bad-key')).rejects.toBeInstanceOf(Invalid);
    expect(keys.rows.get(GROUP)?.apiKey).toBe('good-key');
  });

  it('is for managers only', async () => {
    const { sut, keys } = await makeSut();
    await expect(sut.execute(STAFF, GROUP, 'good-key')).rejects.toBeInstanceOf(Forbidden);
    expect(keys.rows.size).toBe(0);
  });

  it('is kept to the owner and the ranks they named; the owner hears when a named rank replaces it', async () => {
    const { sut, keys, connected, notifications } = await makeSut();
    await expect(sut.execute(MANAGER, GROUP, 'good-key')).rejects.toMatchObject({
      code: 'ROBLOX.AUTOMATION_NOT_PERMITTED',
    });
    expect(keys.rows.size).toBe(0);
    const group = (await connected.find(GROUP))!;
    await connected.update(GROUP, { settings: { ...group.settings, automationRanks: [100] } });
    expect(await sut.execute(MANAGER, GROUP, 'good-key')).toMatchObject({ set: true });
    expect(keys.rows.get(GROUP)).toMatchObject({ savedBy: MANAGER });
    expect(await notifications.list(OWNER, 10)).toMatchObject([
      { kind: 'automation-changed', message: 'Manager replaced the Open Cloud key in Cafe.' },
    ]);
  });
});
