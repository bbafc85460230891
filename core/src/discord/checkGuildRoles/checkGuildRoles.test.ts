import { describe, expect, it } from 'vitest';
import { InMemoryDiscord, InMemoryRankBindings, makeGuild, setConfig } from '../testing/fakes.ts';
import { InMemoryRoleProblemLog, InMemoryServerConfigs } from '../testing/stateFakes.ts';
import type { GuildSnapshot } from '../botPorts.ts';
import { CheckGuildRoles } from './checkGuildRoles.ts';

function makeSut(guild: Partial<GuildSnapshot> = {}) {
  const configs = setConfig(new InMemoryServerConfigs(), 'g1', { boundGroupId: '42' });
  const discord = new InMemoryDiscord().addGuild(makeGuild(guild));
  const ranks = new InMemoryRankBindings();
  ranks.ranks.set('42', [
    { rankId: 1, name: 'member', discordRoleId: null },
    { rankId: 50, name: 'Officer', discordRoleId: null },
    { rankId: 255, name: 'Owner', discordRoleId: 'r-leader' },
  ]);
  const problems = new InMemoryRoleProblemLog();
  return { configs, discord, ranks, problems, sut: new CheckGuildRoles({ configs, discord, ranks, problems }) };
}

describe('CheckGuildRoles', () => {
  it('names each role the sync needs that sits at or above the bot, and records it for the setup check', async () => {
    const { sut, problems } = makeSut();
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
    const { sut, problems } = makeSut({ botPermissions: ['SendMessages'] });
    await sut.execute('g1');
    expect(problems.of('g1')).toEqual(['permission:Manage Roles', 'permission:Manage Nicknames']);
  });

  it('finds nothing to reach when the bound roles all sit below the bot', async () => {
    const { sut, problems, ranks } = makeSut();
    ranks.ranks.get('42')![2]!.discordRoleId = 'r-mod';
    await expect(sut.execute('g1')).resolves.toEqual([]);
    expect(problems.of('g1')).toEqual([]);
  });

  it('replaces the previous findings once fixed, but keeps what syncs noted about members', async () => {
    const { sut, problems, discord } = makeSut();
    await sut.execute('g1');
    await problems.note('g1', [{ kind: 'member', targetId: 'owner', name: 'owner', reason: 'owns the server' }]);
    discord.guilds.get('g1')!.botHighestPosition = 20;
    await sut.execute('g1');
    expect(problems.of('g1')).toEqual(['member:owner']);
  });

  it('needs nothing while verification is off, and records nothing for a guild the bot is not in', async () => {
    const { sut, problems, configs } = makeSut({ botPermissions: [] });
    setConfig(configs, 'g1', { verificationEnabled: false });
    await expect(sut.execute('g1')).resolves.toEqual([]);
    await expect(sut.execute('elsewhere')).resolves.toEqual([]);
    expect(problems.stored.size).toBe(0);
  });
});
