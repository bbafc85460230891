import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { connectedWorkspace, GROUP, OWNER, STAFF } from '../testing/workspace.ts';
import { InMemoryOpenCloudKeys, newOpenCloudKey } from '../testing/fakes.ts';
import { ReadOpenCloudKey } from './readOpenCloudKey.ts';

const lifetime = { idleDays: 60 };
const savedAt = new Date('2026-11-26T12:00:00Z');
const saved = newOpenCloudKey('secret', { permissions: ['group:read'], savedBy: OWNER, savedAt });

async function makeSut() {
  const { access } = await connectedWorkspace();
  const keys = new InMemoryOpenCloudKeys();
  return { keys, sut: new ReadOpenCloudKey(access, keys, lifetime) };
}

describe('ReadOpenCloudKey', () => {
  it('tells managers whether a key is set, what it may do and its lifetime, never the key itself', async () => {
    const { keys, sut } = await makeSut();
    expect(await sut.execute(OWNER, GROUP)).toEqual({
      set: false,
      permissions: [],
      savedAt: null,
      expiresAt: null,
      lastUsedAt: null,
      lapsesAt: null,
      refusedAt: null,
    });
    await keys.save(GROUP, { ...saved, lastUsedAt: savedAt });
    const status = await sut.execute(OWNER, GROUP);
    expect(status).toEqual({
      set: true,
      permissions: ['group:read'],
      savedAt,
      expiresAt: null,
      lastUsedAt: savedAt,
      lapsesAt: new Date('2027-01-25T12:00:00Z'),
      refusedAt: null,
    });
    expect(JSON.stringify(status)).not.toContain('secret');
  });

  it('lapses at the expiry set in Roblox or 60 days after the last use, whichever comes first', async () => {
    const { keys, sut } = await makeSut();
    const lastUsedAt = new Date('2026-12-10T00:00:00Z');
    await keys.save(GROUP, { ...saved, lastUsedAt, expiresAt: new Date('2027-03-01T00:00:00Z') });
    expect((await sut.execute(OWNER, GROUP)).lapsesAt).toEqual(new Date('2027-02-08T00:00:00Z'));
    await keys.save(GROUP, { ...saved, lastUsedAt, expiresAt: new Date('2027-01-01T00:00:00Z') });
    expect((await sut.execute(OWNER, GROUP)).lapsesAt).toEqual(new Date('2027-01-01T00:00:00Z'));
    // Never used since it was saved: the idle days count from the save.
    await keys.save(GROUP, { ...saved, lastUsedAt: null });
    expect((await sut.execute(OWNER, GROUP)).lapsesAt).toEqual(new Date('2027-01-25T12:00:00Z'));
  });

  it('shows a refusal until a call with the key succeeds again', async () => {
    const { keys, sut } = await makeSut();
    await keys.save(GROUP, { ...saved, lastUsedAt: savedAt });
    const refusedAt = new Date('2026-11-27T00:00:00Z');
    await keys.markNoticed(GROUP, savedAt, 'refused', refusedAt);
    expect((await sut.execute(OWNER, GROUP)).refusedAt).toEqual(refusedAt);
    await keys.markUsed(GROUP, new Date('2026-11-28T00:00:00Z'));
    expect((await sut.execute(OWNER, GROUP)).refusedAt).toBeNull();
  });

  it('is for managers only', async () => {
    const { sut } = await makeSut();
    await expect(sut.execute(STAFF, GROUP)).rejects.toBeInstanceOf(Forbidden);
  });
});
