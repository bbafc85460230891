import { describe, expect, it } from 'vitest';
import { Forbidden, Invalid } from '../../shared/errors.ts';
import { recorded, serverConfigWorld } from '../testing/serverConfig.ts';

describe('ReplaceServerBinds', () => {
  it("keeps the bound group's single-role rank binds as rankBinds, stores the rest with stable ids, and starts a sync", async () => {
    const { save, replaceBinds, listBinds, jobs, directory } = serverConfigWorld();
    await recorded(directory);
    await save.execute(1, '10', { boundGroupId: '42' });
    const binds = [
      { kind: 'rank' as const, groupId: '42', rankId: 3, roleIds: ['r-member'] },
      { kind: 'group' as const, groupId: '77', roleIds: ['r-officer'] },
      { kind: 'group' as const, groupId: '77', roleIds: ['r-verified'] },
    ];
    jobs.enqueued.length = 0;
    const answer = await replaceBinds.execute(1, '10', { binds });
    expect(answer.binds.map((bind) => bind.id)).toEqual(['rank-3', 'group:77::::', 'group:77:::::2']);
    expect(await replaceBinds.execute(1, '10', { binds })).toEqual(answer);
    expect(await listBinds.execute(1, '10')).toEqual(answer);
    expect(jobs.enqueued).toEqual(['10']);
  });

  it('refuses a role the server lacks and a new elevated role without allowElevated, naming each, saving nothing', async () => {
    const { replaceBinds, listBinds, directory } = serverConfigWorld();
    await recorded(directory);
    const attempt = replaceBinds.execute(1, '10', {
      binds: [
        { kind: 'verified', roleIds: ['r-gone'] },
        { kind: 'verified', roleIds: ['r-leader'] },
      ],
    });
    await expect(attempt).rejects.toBeInstanceOf(Invalid);
    await expect(attempt).rejects.toMatchObject({
      issues: [{ path: ['binds', 0, 'roleIds', 0] }, { path: ['binds', 1, 'roleIds', 0] }],
    });
    expect(await listBinds.execute(1, '10')).toEqual({ binds: [] });
    await replaceBinds.execute(1, '10', { binds: [{ kind: 'verified', roleIds: ['r-leader'] }], allowElevated: true });
    expect((await listBinds.execute(1, '10')).binds).toHaveLength(1);
  });

  it('refuses a member who does not manage the server, reading or writing', async () => {
    const { replaceBinds, listBinds, readRestrictions, replaceRestrictions } = serverConfigWorld();
    await expect(replaceBinds.execute(1, '11', { binds: [] })).rejects.toBeInstanceOf(Forbidden);
    await expect(listBinds.execute(1, '11')).rejects.toBeInstanceOf(Forbidden);
    await expect(readRestrictions.execute(1, '11')).rejects.toBeInstanceOf(Forbidden);
    await expect(
      replaceRestrictions.execute(1, '11', { minAccountAgeDays: 0, requireGroupId: null, bannedRobloxIds: [] }),
    ).rejects.toBeInstanceOf(Forbidden);
  });
});
