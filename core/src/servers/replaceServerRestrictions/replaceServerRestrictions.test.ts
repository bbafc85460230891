import { describe, expect, it } from 'vitest';
import { serverConfigWorld } from '../testing/serverConfig.ts';

describe('ReplaceServerRestrictions', () => {
  it('lists each banned account once (the last reason), reads back, and starts a sync only on a change', async () => {
    const { replaceRestrictions, readRestrictions, jobs } = serverConfigWorld();
    const restrictions = {
      minAccountAgeDays: 30,
      requireGroupId: '42',
      bannedRobloxIds: [
        { robloxId: '7', reason: 'alt' },
        { robloxId: '7', reason: 'alt, again' },
      ],
    };
    const saved = await replaceRestrictions.execute(1, '10', restrictions);
    expect(saved.bannedRobloxIds).toEqual([{ robloxId: '7', reason: 'alt, again' }]);
    expect(await readRestrictions.execute(1, '10')).toEqual(saved);
    await replaceRestrictions.execute(1, '10', restrictions);
    expect(jobs.enqueued).toEqual(['10']);
  });
});
