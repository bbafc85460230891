import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { connectedWorkspace, GROUP, OWNER, STAFF } from '../testing/workspace.ts';
import { InMemoryOpenCloudKeys } from '../testing/fakes.ts';
import { ReadOpenCloudKey } from './readOpenCloudKey.ts';

describe('ReadOpenCloudKey', () => {
  it('tells managers whether a key is set and what it may do, never the key itself', async () => {
    const { access } = await connectedWorkspace();
    const keys = new InMemoryOpenCloudKeys();
    const sut = new ReadOpenCloudKey(access, keys);
    expect(await sut.execute(OWNER, GROUP)).toEqual({ set: false, permissions: [], savedAt: null });
    const savedAt = new Date('2026-11-26T12:00:00Z');
    await keys.save(GROUP, { apiKey: 'secret', permissions: ['group:read'], savedBy: OWNER, savedAt });
    const status = await sut.execute(OWNER, GROUP);
    expect(status).toEqual({ set: true, permissions: ['group:read'], savedAt });
    expect(JSON.stringify(status)).not.toContain('secret');
  });

  it('is for managers only', async () => {
    const { access } = await connectedWorkspace();
    await expect(
      new ReadOpenCloudKey(access, new InMemoryOpenCloudKeys()).execute(STAFF, GROUP),
    ).rejects.toBeInstanceOf(Forbidden);
  });
});
