import { describe, expect, it } from 'vitest';
import type { GuildSnapshot } from '../botPorts.ts';
import { DEFAULT_SERVER_CONFIG, type ServerConfig } from '../serverConfigs.ts';
import { makeGuild, role } from '../testing/fakes.ts';
import { convertNamedConfig, type NamedRank } from './convertNamedConfig.ts';

/** The fixture guild plus two roles named "Twin", an announcement channel and a voice channel named "general". */
function guild(overrides: Partial<GuildSnapshot> = {}): GuildSnapshot {
  const base = makeGuild();
  return {
    ...base,
    roles: [...base.roles, role('r-twin-1', 'Twin', 6), role('r-twin-2', 'twin', 7)],
    channels: [
      ...base.channels,
      { id: 'c-updates', name: 'updates', type: 'announcement' },
      { id: 'c-voice', name: 'general', type: 'voice' },
    ],
    ...overrides,
  };
}

function convert(config: Partial<ServerConfig>, ranks: NamedRank[] = [], snapshot = guild()) {
  return convertNamedConfig({ guild: snapshot, config: { ...DEFAULT_SERVER_CONFIG, ...config }, ranks });
}

const problemsOf = (result: ReturnType<typeof convert>) =>
  result.problems.map((problem) => `${problem.kind} ${problem.targetId}`);

describe('convertNamedConfig', () => {
  it('turns role names into ids, with or without @ and whatever the case, keeping ids and dropping repeats', () => {
    const result = convert({ moderatorRoles: ['@moderators', 'r-officer', 'Moderators'], adminRoles: ['LEADER'] });
    expect(result.changes.moderatorRoles).toEqual(['r-mod', 'r-officer']);
    expect(result.changes.adminRoles).toEqual(['r-leader']);
    expect(result.problems).toEqual([]);
  });

  it('drops and reports a role name that matches no role or several, and never takes @everyone', () => {
    const result = convert({ moderatorRoles: ['Twin', 'Ghost', 'g1', 'r-mod'] });
    expect(result.changes.moderatorRoles).toEqual(['r-mod']);
    expect(problemsOf(result)).toEqual([
      'name moderatorRoles:Twin',
      'name moderatorRoles:Ghost',
      'name moderatorRoles:g1',
    ]);
    expect(result.problems[0]!.reason).toBe(
      'Moderator role "Twin" matches 2 roles of that name; it was dropped: choose the role in Configure Server',
    );
    expect(result.problems[1]!.reason).toBe(
      'Moderator role "Ghost" matches no role in this server; it was dropped: choose the role in Configure Server',
    );
  });

  it('turns channel names into ids among text and announcement channels only', () => {
    const result = convert({ logChannel: '#Updates', moderationLogChannel: 'general' });
    expect(result.changes.logChannel).toBe('c-updates');
    expect(result.changes.moderationLogChannel).toBe('');
    expect(result.problems).toEqual([
      {
        kind: 'name',
        targetId: 'moderationLogChannel:general',
        name: 'general',
        reason:
          'Moderation log channel "general" matches no text channel in this server; choose the channel in Configure Server',
      },
    ]);
  });

  it('reports a channel name several channels share', () => {
    const snapshot = guild({
      channels: [
        { id: 'c-a', name: 'logs', type: 'text' },
        { id: 'c-b', name: 'logs', type: 'announcement' },
      ],
    });
    const result = convert({ logChannel: 'logs' }, [], snapshot);
    expect(result.changes.logChannel).toBe('');
    expect(result.problems[0]!.reason).toBe(
      'Log channel "logs" matches 2 channels of that name; choose the channel in Configure Server',
    );
  });

  it('takes the unique harmless role named Verified or Unverified for an unset verification role', () => {
    expect(convert({}).changes).toMatchObject({ verificationRoleId: 'r-verified', unverifiedRoleId: 'r-unverified' });
    expect(convert({ verificationRoleId: 'r-member' }).changes.verificationRoleId).toBe('r-member');
  });

  it("takes no role an integration manages, by a default name or a rank's name", () => {
    const base = makeGuild();
    const snapshot = guild({
      roles: [
        ...base.roles.filter((entry) => entry.id !== 'r-verified'),
        role('r-verified', 'Verified', 2, { managed: true }),
      ],
    });
    const result = convert({}, [{ rankId: 4, name: 'GroupFlow', discordRoleId: null }], snapshot);
    expect(result.changes).toMatchObject({ verificationRoleId: '', rankBinds: [] });
    expect(result.problems).toEqual([]);
  });

  it('takes no default verification role that is elevated, or shared by several roles, and says why', () => {
    const base = makeGuild();
    const snapshot = guild({
      roles: [
        ...base.roles.filter((entry) => entry.id !== 'r-verified'),
        role('r-verified', 'Verified', 2, { permissions: ['KickMembers'] }),
        role('r-unverified-2', 'Unverified', 3),
      ],
    });
    const result = convert({}, [], snapshot);
    expect(result.changes).toMatchObject({ verificationRoleId: '', unverifiedRoleId: '' });
    expect(result.problems.map((problem) => problem.reason)).toEqual([
      'The role "Verified" was matched by name to "Verified", which has Kick Members; it was not bound, so every verified member does not get it: bind it in Configure Server if that is intended',
      '2 roles are named "Unverified"; none was chosen: choose it in Configure Server',
    ]);
  });

  it('binds each rank to its group_ranks role, or the one harmless role of its name', () => {
    const ranks: NamedRank[] = [
      { rankId: 1, name: 'member', discordRoleId: null },
      // An explicit binding was chosen by id: kept even for an elevated role.
      { rankId: 200, name: 'Staff', discordRoleId: 'r-mod' },
      { rankId: 3, name: 'Nobody', discordRoleId: null },
    ];
    const result = convert({}, ranks);
    expect(result.changes.rankBinds).toEqual([
      { rankId: 1, roleId: 'r-member' },
      { rankId: 200, roleId: 'r-mod' },
    ]);
    expect(result.problems).toEqual([]);
  });

  it('binds no rank by name to an elevated role, nor to a name several roles share, and reports both', () => {
    const ranks: NamedRank[] = [
      { rankId: 250, name: 'Moderators', discordRoleId: null },
      { rankId: 5, name: 'Twin', discordRoleId: null },
    ];
    const result = convert({}, ranks);
    expect(result.changes.rankBinds).toEqual([]);
    expect(result.problems).toEqual([
      {
        kind: 'name',
        targetId: 'rankBinds:250',
        name: 'Rank 250 (Moderators)',
        reason:
          'Rank 250 (Moderators) was matched by name to "Moderators", which has Kick Members, Ban Members, Timeout Members; it was not bound, so whoever holds that rank does not get it: bind it in Configure Server if that is intended',
      },
      {
        kind: 'name',
        targetId: 'rankBinds:5',
        name: 'Rank 5 (Twin)',
        reason: 'Rank 5 (Twin) matches 2 roles of that name; it was not bound: bind it in Configure Server',
      },
    ]);
  });

  it('keeps the rank binds a configuration already has', () => {
    const rankBinds = [{ rankId: 9, roleId: 'r-officer' }];
    const result = convert({ rankBinds }, [{ rankId: 1, name: 'Member', discordRoleId: null }]);
    expect(result.changes.rankBinds).toEqual(rankBinds);
  });

  it('changes nothing in a configuration that is already ids', () => {
    const first = convert({ moderatorRoles: ['Moderators'], logChannel: 'news', moderationLogChannel: 'mod-log' }, [
      { rankId: 1, name: 'Member', discordRoleId: null },
    ]);
    const again = convert(first.changes, [{ rankId: 1, name: 'Member', discordRoleId: null }]);
    expect(again).toEqual(first);
    expect(again.changes.logChannel).toBe('c-news');
  });
});
