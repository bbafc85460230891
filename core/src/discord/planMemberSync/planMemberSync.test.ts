import { describe, expect, it } from 'vitest';
import type { RobloxGroupRole } from '../../roblox/ports.ts';
import type { GuildMember, GuildSnapshot } from '../botPorts.ts';
import { DEFAULT_SERVER_CONFIG, type ServerConfig } from '../serverConfigs.ts';
import { makeGuild, role } from '../testing/fakes.ts';
import {
  HIERARCHY_FIX,
  MANAGE_NICKNAMES_FIX,
  MANAGE_ROLES_FIX,
  planMemberSync,
  type MemberSyncInput,
} from './planMemberSync.ts';

const CONFIG: ServerConfig = {
  ...DEFAULT_SERVER_CONFIG,
  boundGroupId: '42',
  verificationRoleId: 'r-verified',
  unverifiedRoleId: 'r-unverified',
  rankBinds: [
    { rankId: 1, roleId: 'r-member' },
    { rankId: 2, roleId: 'r-officer' },
  ],
};

const groupRole = (groupId: string, rank: number, roleName: string): RobloxGroupRole => ({
  groupId,
  groupName: `Group ${groupId}`,
  roleId: `${groupId}-${rank}`,
  roleName,
  rank,
});

/** Alice, unverified on Discord, rank 1 (Member) in the bound group 42. */
function plan(
  overrides: {
    guild?: Partial<GuildSnapshot>;
    config?: Partial<ServerConfig>;
    member?: Partial<GuildMember>;
    groupRoles?: RobloxGroupRole[];
  } = {},
) {
  const input: MemberSyncInput = {
    guild: makeGuild(overrides.guild),
    config: { ...CONFIG, ...overrides.config },
    member: {
      id: 'u1',
      username: 'alice',
      globalName: null,
      nick: null,
      roleIds: ['r-unverified'],
      ...overrides.member,
    },
    robloxUser: { id: '7', name: 'alice_rbx', displayName: 'Alice', description: '' },
    groupRoles: overrides.groupRoles ?? [groupRole('42', 1, 'Member'), groupRole('77', 2, 'Fan')],
  };
  return planMemberSync(input);
}

const ids = (roles: { id: string }[]) => roles.map((entry) => entry.id);

describe('planMemberSync', () => {
  it("gives the bound group's rank role and the verified role, takes the unverified one, and sets the nickname", () => {
    const result = plan();
    expect(result).toMatchObject({ kind: 'plan', rank: 'Member', nick: 'alice_rbx', skipped: [], problems: [] });
    if (result.kind !== 'plan') throw new Error('expected a plan');
    expect(ids(result.adding)).toEqual(['r-member', 'r-verified']);
    expect(ids(result.removing)).toEqual(['r-unverified']);
    expect(result.edit).toEqual({ roleIds: ['r-member', 'r-verified'], nick: 'alice_rbx' });
  });

  it("takes the rank role of a rank the member no longer holds, by the bound group's rank only", () => {
    const result = plan({
      member: { roleIds: ['r-officer', 'r-verified', 'r-news'], nick: 'alice_rbx' },
      groupRoles: [groupRole('77', 1, 'Fan'), groupRole('42', 1, 'Member')],
    });
    if (result.kind !== 'plan') throw new Error('expected a plan');
    expect(ids(result.adding)).toEqual(['r-member']);
    expect(ids(result.removing)).toEqual(['r-officer']);
    // Roles the sync does not manage stay.
    expect(result.edit).toEqual({ roleIds: ['r-verified', 'r-news', 'r-member'] });
  });

  it('gives no rank role to someone outside the bound group, and takes away any rank role they held', () => {
    const result = plan({ member: { roleIds: ['r-member'] }, groupRoles: [groupRole('77', 1, 'Fan')] });
    expect(result).toMatchObject({ kind: 'plan', rank: null });
    if (result.kind !== 'plan') throw new Error('expected a plan');
    expect(ids(result.removing)).toEqual(['r-member']);
    expect(ids(result.adding)).toEqual(['r-verified']);
  });

  it('plans no edit for a member already in line', () => {
    const result = plan({ member: { roleIds: ['r-member', 'r-verified'], nick: 'alice_rbx' } });
    expect(result).toMatchObject({ kind: 'plan', adding: [], removing: [], nick: undefined, edit: null });
  });

  it('follows the nickname format', () => {
    const result = plan({ config: { nicknameFormat: '[{group-rank}] {display-name}' } });
    expect(result).toMatchObject({ nick: '[Member] Alice' });
  });

  it.each<[string, Partial<GuildMember>, Partial<GuildSnapshot>, string]>([
    [
      'the server owner',
      {},
      { ownerId: 'u1' },
      "alice owns the server, and Discord lets no bot change the owner's roles or nickname",
    ],
    [
      'a member whose highest role is at or above the bot',
      { roleIds: ['r-leader'] },
      {},
      `alice's highest role is at or above the bot's highest role: ${HIERARCHY_FIX}`,
    ],
  ])('leaves %s alone, as a member problem', (_label, member, guild, reason) => {
    expect(plan({ member, guild })).toEqual({
      kind: 'unmanageable',
      reason,
      problem: { kind: 'member', targetId: 'u1', name: 'alice', reason },
    });
  });

  it("skips a role at the bot's position or managed by an integration, naming each as a role problem", () => {
    const guild = makeGuild();
    const roles = [
      ...guild.roles.filter((entry) => entry.id !== 'r-member' && entry.id !== 'r-verified'),
      role('r-member', 'Member', 10),
      role('r-verified', 'Verified', 2, { managed: true }),
    ];
    const result = plan({ guild: { roles } });
    if (result.kind !== 'plan') throw new Error('expected a plan');
    expect(result.adding).toEqual([]);
    expect(ids(result.removing)).toEqual(['r-unverified']);
    expect(result.skipped).toEqual([
      { target: 'Member', reason: `it is at or above the bot's highest role: ${HIERARCHY_FIX}` },
      { target: 'Verified', reason: 'it is managed by an integration' },
    ]);
    expect(result.problems.map((problem) => [problem.kind, problem.targetId])).toEqual([
      ['role', 'r-member'],
      ['role', 'r-verified'],
    ]);
  });

  it('changes no role without Manage Roles, and names the permission once however many roles it blocks', () => {
    const result = plan({ guild: { botPermissions: ['ManageNicknames'] } });
    if (result.kind !== 'plan') throw new Error('expected a plan');
    expect(result.adding).toEqual([]);
    expect(result.removing).toEqual([]);
    expect(result.skipped.map((skip) => skip.reason)).toEqual([MANAGE_ROLES_FIX, MANAGE_ROLES_FIX, MANAGE_ROLES_FIX]);
    expect(result.problems).toEqual([
      { kind: 'permission', targetId: 'ManageRoles', name: 'Manage Roles', reason: MANAGE_ROLES_FIX },
    ]);
    expect(result.edit).toEqual({ nick: 'alice_rbx' });
  });

  it('leaves the nickname without Manage Nicknames, and says which it would have set', () => {
    const result = plan({ guild: { botPermissions: ['ManageRoles'] } });
    if (result.kind !== 'plan') throw new Error('expected a plan');
    expect(result.nick).toBeUndefined();
    expect(result.edit).toEqual({ roleIds: ['r-member', 'r-verified'] });
    expect(result.skipped).toEqual([{ target: 'nickname "alice_rbx"', reason: MANAGE_NICKNAMES_FIX }]);
    expect(result.problems).toEqual([
      { kind: 'permission', targetId: 'ManageNicknames', name: 'Manage Nicknames', reason: MANAGE_NICKNAMES_FIX },
    ]);
  });

  it('counts Administrator as every permission', () => {
    expect(plan({ guild: { botPermissions: ['Administrator'] } })).toMatchObject({ skipped: [], problems: [] });
  });
});
