import { describe, expect, it } from 'vitest';
import { InMemoryDiscord, InMemoryRankBindings, makeGuild, role, setConfig } from '../testing/fakes.ts';
import { InMemoryGuildDirectory, InMemoryRoleProblemLog, InMemoryServerConfigs } from '../testing/stateFakes.ts';
import type { GuildSnapshot } from '../botPorts.ts';
import type { RobloxGroups } from '../../roblox/ports.ts';
import { CheckGuildRoles } from './checkGuildRoles.ts';

class RankNames implements RobloxGroups {
  fail = false;
  async byId() {
    return null;
  }
  async rolesOf() {
    if (this.fail) throw new Error('Roblox is not answering');
    return [
      { id: '1', name: 'member', rank: 1, memberCount: 5 },
      { id: '2', name: 'Officer', rank: 50, memberCount: 2 },
      { id: '3', name: 'Moderators', rank: 100, memberCount: 1 },
      { id: '4', name: 'Owner', rank: 255, memberCount: 1 },
    ];
  }
}

/** A guild configured before issue 22: moderators, log channel and rank roles by name. */
function makeSut(guild: Partial<GuildSnapshot> = {}) {
  const configs = setConfig(new InMemoryServerConfigs(), 'g1', {
    boundGroupId: '42',
    moderatorRoles: ['moderators', 'Ghost'],
    moderationLogChannel: '#mod-log',
  });
  const discord = new InMemoryDiscord().addGuild(makeGuild(guild));
  const ranks = new InMemoryRankBindings();
  ranks.ranks.set('42', [{ rankId: 255, name: 'Owner', discordRoleId: 'r-leader' }]);
  const problems = new InMemoryRoleProblemLog();
  const directory = new InMemoryGuildDirectory();
  const groups = new RankNames();
  const sut = new CheckGuildRoles({ configs, discord, directory, ranks, groups, problems });
  return { configs, discord, ranks, problems, directory, groups, sut };
}

/** A guild configured by id, as every guild is once converted. */
function converted(guild: Partial<GuildSnapshot> = {}) {
  const world = makeSut(guild);
  setConfig(world.configs, 'g1', {
    moderatorRoles: ['r-mod'],
    moderationLogChannel: 'c-log',
    verificationRoleId: 'r-verified',
    unverifiedRoleId: 'r-unverified',
    rankBinds: [
      { rankId: 1, roleId: 'r-member' },
      { rankId: 255, roleId: 'r-leader' },
    ],
  });
  world.configs.converted.add('g1');
  return world;
}

describe('CheckGuildRoles: the one-time conversion of names to ids', () => {
  it('records the guild for the API, turns unique names into ids and reports the rest, once', async () => {
    const { sut, configs, directory, problems } = makeSut();
    await sut.execute('g1');
    expect(directory.guilds.get('g1')?.roles.map((r) => r.name)).toContain('Moderators');
    expect(await configs.get('g1')).toMatchObject({
      moderatorRoles: ['r-mod'],
      moderationLogChannel: 'c-log',
      verificationRoleId: 'r-verified',
      unverifiedRoleId: 'r-unverified',
      // member (1) and Officer (50) by their unique names; Owner (255) by its group_ranks binding; Moderators (100)
      // names an elevated role and is not bound by a name.
      rankBinds: [
        { rankId: 1, roleId: 'r-member' },
        { rankId: 50, roleId: 'r-officer' },
        { rankId: 255, roleId: 'r-leader' },
      ],
    });
    expect(problems.of('g1')).toEqual(
      expect.arrayContaining(['name:Ghost', 'name:Rank 100 (Moderators)', 'role:Leader']),
    );
    const elevated = [...problems.stored.values()].find((problem) => problem.name === 'Rank 100 (Moderators)');
    expect(elevated?.reason).toContain('Ban Members');

    // A later load converts nothing again: what the owner chose since stays.
    setConfig(configs, 'g1', { moderatorRoles: ['Moderators'], rankBinds: [] });
    await sut.execute('g1');
    expect(await configs.get('g1')).toMatchObject({ moderatorRoles: ['Moderators'], rankBinds: [] });
  });

  it('reports a name several roles share instead of guessing, and converts nothing while Roblox is down', async () => {
    const { sut, configs, problems, groups, discord } = makeSut();
    discord.guilds.get('g1')!.roles.push(role('r-mod-2', 'Moderators', 6));
    groups.fail = true;
    await expect(sut.execute('g1')).rejects.toThrow('Roblox is not answering');
    expect(await configs.needsNameConversion('g1')).toBe(true);
    groups.fail = false;
    await sut.execute('g1');
    expect((await configs.get('g1')).moderatorRoles).toEqual([]);
    const ambiguous = [...problems.stored.values()].find((problem) => problem.name === 'moderators');
    expect(ambiguous?.reason).toContain('matches 2 roles');
  });
});

describe('CheckGuildRoles', () => {
  it('names each role the sync needs that sits at or above the bot, and records it for the setup check', async () => {
    const { sut, problems } = converted();
    const findings = await sut.execute('g1');
    expect(findings).toEqual([
      {
        kind: 'role',
        targetId: 'r-leader',
        name: 'Leader',
        reason: "it is at or above the bot's highest role: move the GroupFlow role above it in Server Settings → Roles",
      },
    ]);
    expect(problems.of('g1')).toEqual(['role:Leader']);
  });

  it('says once that Manage Roles is missing instead of blaming every role, and names a missing Manage Nicknames', async () => {
    const { sut, problems } = converted({ botPermissions: ['SendMessages'] });
    await sut.execute('g1');
    expect(problems.of('g1')).toEqual(['permission:Manage Roles', 'permission:Manage Nicknames']);
  });

  it('finds nothing to reach when the bound roles all sit below the bot', async () => {
    const { sut, problems, configs } = converted();
    setConfig(configs, 'g1', { rankBinds: [{ rankId: 255, roleId: 'r-mod' }] });
    await expect(sut.execute('g1')).resolves.toEqual([]);
    expect(problems.of('g1')).toEqual([]);
  });

  it('replaces the previous findings once fixed, but keeps what syncs noted about members', async () => {
    const { sut, problems, discord } = converted();
    await sut.execute('g1');
    await problems.note('g1', [{ kind: 'member', targetId: 'owner', name: 'owner', reason: 'owns the server' }]);
    discord.guilds.get('g1')!.botHighestPosition = 20;
    await sut.execute('g1');
    expect(problems.of('g1')).toEqual(['member:owner']);
  });

  it('needs nothing while verification is off, and records nothing for a guild the bot is not in', async () => {
    const { sut, problems, configs } = converted({ botPermissions: [] });
    setConfig(configs, 'g1', { verificationEnabled: false });
    await expect(sut.execute('g1')).resolves.toEqual([]);
    await expect(sut.execute('elsewhere')).resolves.toEqual([]);
    expect(problems.stored.size).toBe(0);
  });
});
