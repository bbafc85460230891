import { describe, expect, it } from 'vitest';
import { Forbidden, Invalid } from '../../shared/errors.ts';
import { MEMBER, makeGuild } from '../testing/fakes.ts';
import { recorded, serverConfigWorld } from '../testing/serverConfig.ts';
import { NOW } from '../testing/world.ts';

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

  it('refuses a bind giving the Unverified role or a bypass role, either of which would undo itself', async () => {
    const { save, replaceBinds, listBinds, directory } = serverConfigWorld();
    await recorded(directory);
    await save.execute(1, '10', { unverifiedRoleId: 'r-unverified', bypassRoleIds: ['r-member'] });
    const attempt = replaceBinds.execute(1, '10', {
      binds: [{ kind: 'verified', roleIds: ['r-verified', 'r-unverified', 'r-member'] }],
    });
    await expect(attempt).rejects.toMatchObject({
      code: 'SERVERS.INVALID_REFERENCE',
      issues: [{ path: ['binds', 0, 'roleIds', 1] }, { path: ['binds', 0, 'roleIds', 2] }],
    });
    expect(await listBinds.execute(1, '10')).toEqual({ binds: [] });
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

describe('ReplaceServerBinds dry run', () => {
  it('counts the linked members a change would touch from stored ranks, saving nothing', async () => {
    const { world, replaceBinds, listBinds, jobs, ranks, directory } = serverConfigWorld();
    await recorded(directory);
    await replaceBinds.execute(1, '10', { binds: [{ kind: 'verified', roleIds: ['r-verified'] }] });
    jobs.enqueued.length = 0;
    const guilds = [makeGuild('10', MEMBER)];
    for (const [id, robloxId] of [
      [2, '555'],
      [3, '556'],
      [4, null],
    ] as const) {
      world.customer(id, guilds, { robloxId, isVerified: robloxId !== null });
      await world.lists.replace(id, guilds, NOW);
    }
    ranks.roles.push({
      robloxId: '556',
      groupId: '42',
      groupName: 'Cafe',
      roleId: 'x7',
      roleName: 'Sergeant',
      rank: 7,
    });

    const officers = { kind: 'rankRange' as const, groupId: '42', minRank: 5, maxRank: 10, roleIds: ['r-officer'] };
    const verified = { kind: 'verified' as const, roleIds: ['r-verified'] };
    const dry = await replaceBinds.execute(1, '10', { binds: [verified, officers] }, { dryRun: true });
    expect(dry.touched).toBe(1);
    expect(dry.binds).toHaveLength(2);
    // Ownership is not stored: an item bind may touch every linked member.
    const pass = { kind: 'gamepass' as const, assetId: '9', roleIds: ['r-member'] };
    expect((await replaceBinds.execute(1, '10', { binds: [verified, pass] }, { dryRun: true })).touched).toBe(2);
    expect((await listBinds.execute(1, '10')).binds).toHaveLength(1);
    expect(jobs.enqueued).toEqual([]);
  });
});
