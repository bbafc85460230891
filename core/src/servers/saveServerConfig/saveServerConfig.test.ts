import { describe, expect, it } from 'vitest';
import { Forbidden, Invalid, Unauthenticated } from '../../shared/errors.ts';
import { serverConfigWorld, recorded } from '../testing/serverConfig.ts';

const issuesOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Invalid);
  return (error as Invalid).issues;
};

describe('SaveServerConfig', () => {
  it('stores names as ids, refuses names matching none or several and @everyone, and writes nothing then', async () => {
    const { save, directory, world } = serverConfigWorld();
    await recorded(directory);
    const saved = await save.execute(1, '10', {
      moderatorRoles: ['@moderators', 'r-officer', 'Moderators'],
      moderationLogChannel: '#MOD-LOG',
      verificationRoleId: 'Verified',
    });
    expect(saved).toMatchObject({
      moderatorRoles: ['r-mod', 'r-officer'],
      moderationLogChannel: 'c-log',
      verificationRoleId: 'r-verified',
    });
    const issues = await issuesOf(
      save.execute(1, '10', {
        adminRoles: ['twin', 'Nobody', '@everyone'],
        logChannel: 'general',
        rankBinds: [{ rankId: 1, roleId: 'Twin' }],
      }),
    );
    expect(issues).toEqual([
      { path: ['adminRoles', 0], message: '2 roles are named "twin"; choose one of them by id' },
      { path: ['adminRoles', 1], message: 'No role named "Nobody" in this server' },
      { path: ['adminRoles', 2], message: '@everyone cannot be chosen: every member holds it' },
      { path: ['logChannel'], message: 'No text channel named "general" in this server' },
      { path: ['rankBinds', 0, 'roleId'], message: '2 roles are named "Twin"; choose one of them by id' },
    ]);
    expect((await world.configs.get('10')).adminRoles).toEqual([]);
  });

  it('F5: refuses a new rank bind to an elevated role unless allowElevated, and keeps a confirmed one', async () => {
    const { save, directory } = serverConfigWorld();
    await recorded(directory);
    const issues = await issuesOf(save.execute(1, '10', { rankBinds: [{ rankId: 200, roleId: 'Moderators' }] }));
    expect(issues).toEqual([
      {
        path: ['rankBinds', 0, 'roleId'],
        message:
          '"Moderators" has Kick Members, Ban Members, Timeout Members: binding it to rank 200 lets whoever holds that Roblox rank use them. Confirm with allowElevated: true to bind it anyway',
      },
    ]);
    const saved = await save.execute(1, '10', {
      rankBinds: [{ rankId: 200, roleId: 'Moderators' }],
      allowElevated: true,
    });
    expect(saved.rankBinds).toEqual([{ rankId: 200, roleId: 'r-mod' }]);
    expect(saved).not.toHaveProperty('allowElevated');
    // Sent again unchanged (the dialog sends the whole object), the confirmed bind needs no new confirmation.
    await expect(save.execute(1, '10', { rankBinds: saved.rankBinds })).resolves.toMatchObject({
      rankBinds: saved.rankBinds,
    });
  });

  it('drops the rank binds of the previous group when another group is bound without binds of its own', async () => {
    const { save, directory } = serverConfigWorld();
    await recorded(directory);
    await save.execute(1, '10', { boundGroupId: '42', rankBinds: [{ rankId: 1, roleId: 'Member' }] });
    await expect(save.execute(1, '10', { boundGroupId: '42' })).resolves.toMatchObject({ rankBinds: [{ rankId: 1 }] });
    await expect(save.execute(1, '10', { boundGroupId: '43' })).resolves.toMatchObject({ rankBinds: [] });
  });

  it('stores the verification channel and bypass roles as ids, refusing a name that matches none', async () => {
    const { save, directory, world } = serverConfigWorld();
    await recorded(directory);
    await expect(
      save.execute(1, '10', { verificationChannelId: '#news', bypassRoleIds: ['@Leader', 'r-officer'] }),
    ).resolves.toMatchObject({ verificationChannelId: 'c-news', bypassRoleIds: ['r-leader', 'r-officer'] });
    const issues = await issuesOf(
      save.execute(1, '10', { verificationChannelId: 'verify-here', bypassRoleIds: ['Nobody'] }),
    );
    expect(issues).toEqual([
      { path: ['bypassRoleIds', 0], message: 'No role named "Nobody" in this server' },
      { path: ['verificationChannelId'], message: 'No text channel named "verify-here" in this server' },
    ]);
    expect(await world.configs.get('10')).toMatchObject({ verificationChannelId: 'c-news' });
  });

  it('settles the name conversion notes when the configuration is saved', async () => {
    const { save, problems } = serverConfigWorld();
    await problems.note('10', [{ kind: 'name', targetId: 'moderatorRoles:Mods', name: 'Mods', reason: 'none' }]);
    await save.execute(1, '10', { autoRoleSync: true });
    expect(problems.of('10')).toEqual([]);
  });

  it('refuses a member who does not manage the guild, a stranger to it, and a visitor, writing nothing', async () => {
    const { world, get, save } = serverConfigWorld();
    await expect(get.execute(1, '11')).rejects.toBeInstanceOf(Forbidden);
    await expect(save.execute(1, '11', { adminRoles: ['x'] })).rejects.toBeInstanceOf(Forbidden);
    await expect(save.execute(1, '99', { adminRoles: ['x'] })).rejects.toBeInstanceOf(Forbidden);
    await expect(save.execute(undefined, '10', { adminRoles: ['x'] })).rejects.toBeInstanceOf(Unauthenticated);
    expect(world.configs.stored.size).toBe(0);
  });

  it('starts a server-wide sync when what roles or nicknames follow changes, and not for other settings', async () => {
    const { save, jobs } = serverConfigWorld();
    await save.execute(1, '10', { adminRoles: [], moderationEnabled: false });
    expect(jobs.enqueued).toEqual([]);
    await save.execute(1, '10', { boundGroupId: '42' });
    await save.execute(1, '10', { nicknameFormat: '{display-name}' });
    await save.execute(1, '10', { nicknameFormat: '{display-name}', moderationEnabled: true });
    expect(jobs.enqueued).toEqual(['10', '10']);
    // With verification off there is nothing to bring members in line with.
    await save.execute(1, '10', { verificationEnabled: false, nicknameFormat: '{roblox-name}' });
    expect(jobs.enqueued).toEqual(['10', '10']);
  });
});
