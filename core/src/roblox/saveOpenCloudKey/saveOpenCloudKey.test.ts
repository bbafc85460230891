import { describe, expect, it } from 'vitest';
import { Forbidden, Invalid } from '../../shared/errors.ts';
import { connectedWorkspace, GROUP, OWNER, STAFF } from '../testing/workspace.ts';
import { InMemoryOpenCloud, InMemoryOpenCloudKeys } from '../testing/fakes.ts';
import { SaveOpenCloudKey } from './saveOpenCloudKey.ts';

const clock = { now: () => new Date('2026-11-26T12:00:00Z') };

describe('SaveOpenCloudKey', () => {
  it('stores a key Open Cloud accepted and answers what it may do, never the key', async () => {
    const { access, roblox } = await connectedWorkspace();
    const keys = new InMemoryOpenCloudKeys();
    const sut = new SaveOpenCloudKey(access, new InMemoryOpenCloud(roblox), keys, clock);
    const status = await sut.execute(OWNER, GROUP, 'good-key');
    expect(status).toEqual({ set: true, permissions: ['group:read', 'group:write'], savedAt: clock.now() });
    expect(keys.rows.get(GROUP)).toMatchObject({ apiKey: 'good-key', savedBy: OWNER });
  });

  it('never stores a refused key: the old one stays', async () => {
    const { access, roblox } = await connectedWorkspace();
    const keys = new InMemoryOpenCloudKeys();
    const sut = new SaveOpenCloudKey(access, new InMemoryOpenCloud(roblox), keys, clock);
    await sut.execute(OWNER, GROUP, 'good-key');
    await expect(sut.execute(OWNER, GROUP, 'bad-key')).rejects.toBeInstanceOf(Invalid);
    expect(keys.rows.get(GROUP)?.apiKey).toBe('good-key');
  });

  it('is for managers only', async () => {
    const { access, roblox } = await connectedWorkspace();
    const keys = new InMemoryOpenCloudKeys();
    const sut = new SaveOpenCloudKey(access, new InMemoryOpenCloud(roblox), keys, clock);
    await expect(sut.execute(STAFF, GROUP, 'good-key')).rejects.toBeInstanceOf(Forbidden);
    expect(keys.rows.size).toBe(0);
  });
});
