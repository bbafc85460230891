import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVER_CONFIG } from '../../discord/serverConfigs.ts';
import { makeGuild as makeDiscordGuild, role } from '../../discord/testing/fakes.ts';
import { InMemoryGuildDirectory, InMemoryRoleProblemLog } from '../../discord/testing/stateFakes.ts';
import { Forbidden, Invalid, Unauthenticated } from '../../shared/errors.ts';
import { MEMBER, makeGuild } from '../testing/fakes.ts';
import { makeWorld } from '../testing/world.ts';
import { InMemoryServerSyncRuns, RecordingServerSyncJobs } from '../../discord/testing/serverSyncFakes.ts';
import { TriggerServerSync } from '../../discord/triggerServerSync/triggerServerSync.ts';
import { GetServerConfig, SaveServerConfig } from './serverConfig.ts';

function makeSut() {
  const world = makeWorld();
  world.customer(1, [makeGuild('10'), makeGuild('11', MEMBER)]);
  const directory = new InMemoryGuildDirectory();
  const problems = new InMemoryRoleProblemLog();
  const jobs = new RecordingServerSyncJobs();
  const trigger = new TriggerServerSync({ runs: new InMemoryServerSyncRuns(), jobs, clock: world.clock });
  const deps = { customers: world.customers, guilds: world.guilds, configs: world.configs, directory };
  return {
    world,
    directory,
    problems,
    jobs,
    get: new GetServerConfig(deps),
    save: new SaveServerConfig({ ...deps, problems, serverSync: trigger }),
  };
}

/** Guild 10 as the bot recorded it: the usual roles, plus two roles named "Twin". */
async function recorded(directory: InMemoryGuildDirectory) {
  const guild = makeDiscordGuild({ id: '10' });
  guild.roles[0] = role('10', '@everyone', 0);
  guild.roles.push(role('r-twin-1', 'Twin', 1), role('r-twin-2', 'twin', 1));
  await directory.record(guild);
}

const issuesOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Invalid);
  return (error as Invalid).issues;
};

describe('server configuration', () => {
  it('answers the defaults with no roles or channels before the bot reported the guild, then what a manager saved', async () => {
    const { get, save } = makeSut();
    expect(await get.execute(1, '10')).toEqual({ ...DEFAULT_SERVER_CONFIG, roles: [], channels: [] });
    const saved = await save.execute(1, '10', { ...DEFAULT_SERVER_CONFIG, boundGroupId: '42' });
    expect(saved).toMatchObject({ boundGroupId: '42' });
    expect(await get.execute(1, '10')).toEqual(saved);
  });

  it("answers the guild's roles highest first with elevated, assignable and the hierarchy problem, and its channels", async () => {
    const { get, directory } = makeSut();
    await recorded(directory);
    const { roles, channels } = await get.execute(1, '10');
    expect(roles.map((entry) => entry.name)).toEqual([
      'Leader',
      'GroupFlow',
      'Moderators',
      'Officer',
      'Member',
      'Verified',
      'Unverified',
      'Twin',
      'twin',
    ]);
    expect(roles[0]).toMatchObject({ id: 'r-leader', elevated: true, assignable: false });
    expect(roles[0]!.problem).toContain("at or above the bot's highest role");
    expect(roles[1]).toMatchObject({ managed: true, assignable: false, problem: 'it is managed by an integration' });
    expect(roles[2]).toMatchObject({ id: 'r-mod', elevated: true, assignable: true, problem: null });
    expect(channels).toEqual([
      { id: 'c-log', name: 'mod-log', type: 'text' },
      { id: 'c-news', name: 'news', type: 'text' },
    ]);
  });

  it('stores names as ids, refuses names matching none or several and @everyone, and writes nothing then', async () => {
    const { save, directory, world } = makeSut();
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
    const { save, directory } = makeSut();
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
    const { save, directory } = makeSut();
    await recorded(directory);
    await save.execute(1, '10', { boundGroupId: '42', rankBinds: [{ rankId: 1, roleId: 'Member' }] });
    await expect(save.execute(1, '10', { boundGroupId: '42' })).resolves.toMatchObject({ rankBinds: [{ rankId: 1 }] });
    await expect(save.execute(1, '10', { boundGroupId: '43' })).resolves.toMatchObject({ rankBinds: [] });
  });

  it('settles the name conversion notes when the configuration is saved', async () => {
    const { save, problems } = makeSut();
    await problems.note('10', [{ kind: 'name', targetId: 'moderatorRoles:Mods', name: 'Mods', reason: 'none' }]);
    await save.execute(1, '10', { autoRoleSync: true });
    expect(problems.of('10')).toEqual([]);
  });

  it('refuses a member who does not manage the guild, a stranger to it, and a visitor, writing nothing', async () => {
    const { world, get, save } = makeSut();
    await expect(get.execute(1, '11')).rejects.toBeInstanceOf(Forbidden);
    await expect(save.execute(1, '11', { adminRoles: ['x'] })).rejects.toBeInstanceOf(Forbidden);
    await expect(save.execute(1, '99', { adminRoles: ['x'] })).rejects.toBeInstanceOf(Forbidden);
    await expect(save.execute(undefined, '10', { adminRoles: ['x'] })).rejects.toBeInstanceOf(Unauthenticated);
    expect(world.configs.stored.size).toBe(0);
  });

  it('starts a server-wide sync when what roles or nicknames follow changes, and not for other settings', async () => {
    const { save, jobs } = makeSut();
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
