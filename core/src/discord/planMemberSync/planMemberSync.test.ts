import { describe, expect, it } from 'vitest';
import type { RobloxGroupRole } from '../../roblox/ports.ts';
import type { GuildMember, GuildSnapshot } from '../botPorts.ts';
import { DEFAULT_SERVER_CONFIG, type ServerConfig } from '../serverConfigs.ts';
import { makeGuild, role } from '../testing/fakes.ts';
import {
  HIERARCHY_FIX,
  MANAGE_NICKNAMES_FIX,
  MANAGE_ROLES_FIX,
  memberSyncPlanner,
  planMemberSync,
  type MemberStanding,
  type MemberSyncInput,
} from './planMemberSync.ts';
import type { Bind } from '../binds.ts';

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

const NO_LIMITS = { minAccountAgeDays: 0, requireGroupId: null, bannedRobloxIds: [] };
const NOW = new Date('2026-11-28T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60_000);

/** Alice, unverified on Discord, proven as alice_rbx: rank 1 (Member) in the bound group 42, rank 2 in group 77. */
function makeInput(
  overrides: {
    guild?: Partial<GuildSnapshot>;
    config?: Partial<ServerConfig>;
    member?: Partial<GuildMember>;
    groupRoles?: RobloxGroupRole[];
    owned?: string[];
    createdAt?: Date | null;
    standing?: MemberStanding;
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
    standing: overrides.standing ?? {
      kind: 'proven',
      robloxUser: { id: '7', name: 'alice_rbx', displayName: 'Alice', description: '' },
      createdAt: overrides.createdAt === undefined ? daysAgo(400) : overrides.createdAt,
      groupRoles: overrides.groupRoles ?? [groupRole('42', 1, 'Member'), groupRole('77', 2, 'Fan')],
      owned: new Set(overrides.owned ?? []),
    },
    now: NOW,
  };
  return input;
}

const plan = (overrides: Parameters<typeof makeInput>[0] = {}) => planMemberSync(makeInput(overrides));

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

  describe('members without a proven account (issue 35)', () => {
    const unverified: MemberStanding = { kind: 'unverified', claim: null };

    it('gives the unverified role and takes every bound role and the verified role, leaving the nickname', () => {
      const result = plan({
        standing: unverified,
        member: { roleIds: ['r-member', 'r-verified', 'r-news'], nick: 'kept' },
      });
      if (result.kind !== 'plan') throw new Error('expected a plan');
      expect(ids(result.adding)).toEqual(['r-unverified']);
      expect(ids(result.removing)).toEqual(['r-member', 'r-verified']);
      expect(result.edit).toEqual({ roleIds: ['r-news', 'r-unverified'] });
      expect(result).toMatchObject({ nick: undefined, rank: null, restricted: null });
    });

    it('changes nothing for an unverified member who holds only the unverified role, with or without a claim', () => {
      const claimed: MemberStanding = { kind: 'unverified', claim: { robloxId: '7', name: 'alice_rbx' } };
      expect(plan({ standing: claimed })).toMatchObject({ kind: 'plan', edit: null });
      expect(plan({ standing: unverified, config: { unverifiedRoleId: '' }, member: { roleIds: [] } })).toMatchObject({
        kind: 'plan',
        edit: null,
      });
    });
  });

  describe('binds of every kind (issue 35)', () => {
    const guild = {
      roles: [
        ...makeGuild().roles,
        role('r-pass', 'Pass holder', 6),
        role('r-badge', 'Badge holder', 6),
        role('r-asset', 'Hat owner', 6),
        role('r-staff', 'Staff', 7),
        role('r-fan', 'Fan club', 8),
        role('r-any', 'Roblox user', 8),
      ],
    };
    const binds: Bind[] = [
      { id: 'b1', kind: 'verified', roleIds: ['r-any'] },
      { id: 'b2', kind: 'group', groupId: '77', roleIds: ['r-fan'] },
      { id: 'b3', kind: 'rankRange', groupId: '42', minRank: 1, maxRank: 5, roleIds: ['r-staff'] },
      { id: 'b4', kind: 'gamepass', assetId: '100', roleIds: ['r-pass'] },
      { id: 'b5', kind: 'badge', assetId: '200', roleIds: ['r-badge'] },
      { id: 'b6', kind: 'asset', assetId: '300', roleIds: ['r-asset'] },
    ];
    const planned = (over: Parameters<typeof plan>[0] = {}) => {
      const result = plan({ guild, config: { binds }, member: { roleIds: [] }, ...over });
      if (result.kind !== 'plan') throw new Error('expected a plan');
      return result;
    };

    it('gives exactly the union of the roles of the binds the member meets', () => {
      expect(ids(planned({ owned: ['gamepass:100', 'asset:300'] }).adding).sort()).toEqual(
        ['r-any', 'r-asset', 'r-fan', 'r-member', 'r-pass', 'r-staff', 'r-verified'].sort(),
      );
    });

    it('matches a rank range inclusively, and a group at any rank but not as a guest', () => {
      const at = (rank: number, fanRank = 2) =>
        ids(planned({ groupRoles: [groupRole('42', rank, 'R'), groupRole('77', fanRank, 'Fan')] }).adding);
      expect(at(5)).toContain('r-staff');
      expect(at(6)).not.toContain('r-staff');
      expect(at(1, 0)).not.toContain('r-fan');
    });

    it('takes the roles of binds no longer met, and never a role no bind names', () => {
      const result = planned({
        groupRoles: [groupRole('42', 9, 'Officer')],
        member: { roleIds: ['r-staff', 'r-fan', 'r-badge', 'r-news', 'r-any', 'r-verified'] },
      });
      expect(ids(result.removing).sort()).toEqual(['r-badge', 'r-fan', 'r-staff']);
      expect(result.edit?.roleIds).toContain('r-news');
    });

    it('gives a role two binds name once, and keeps it while either is met', () => {
      const shared: Bind[] = [
        { id: 's1', kind: 'badge', assetId: '200', roleIds: ['r-fan'] },
        { id: 's2', kind: 'group', groupId: '77', roleIds: ['r-fan'] },
      ];
      const result = plan({ guild, config: { binds: shared }, member: { roleIds: ['r-fan', 'r-verified'] } });
      expect(result).toMatchObject({ kind: 'plan', removing: [] });
    });

    it("uses the first met bind's nickname template over the server's, with the new placeholders", () => {
      const named: Bind[] = [
        { id: 'n0', kind: 'badge', assetId: '200', roleIds: ['r-badge'], nickname: 'never {roblox-name}' },
        { id: 'n1', kind: 'group', groupId: '77', roleIds: ['r-fan'], nickname: '[{group-rank:77}] {rank-name}' },
        { id: 'n2', kind: 'verified', roleIds: ['r-any'], nickname: 'second {roblox-name}' },
      ];
      expect(plan({ guild, config: { binds: named } })).toMatchObject({ nick: '[Fan] Member' });
    });
  });

  describe('each bind kind, met and not met (issue 35)', () => {
    const guild = { roles: [...makeGuild().roles, role('r-bound', 'Bound', 6)] };
    const claimOnly: MemberStanding = { kind: 'unverified', claim: { robloxId: '7', name: 'alice_rbx' } };
    const in77 = (rank: number) => ({ groupRoles: [groupRole('42', 1, 'Member'), groupRole('77', rank, 'R')] });
    it.each<[string, Omit<Bind, 'id' | 'roleIds'>, Parameters<typeof plan>[0], Parameters<typeof plan>[0]]>([
      ['verified: any proven account, not a claim', { kind: 'verified' }, {}, { standing: claimOnly }],
      ['group: any rank above guest', { kind: 'group', groupId: '77' }, in77(1), in77(0)],
      [
        'rank: the exact rank, in a group other than the bound one',
        { kind: 'rank', groupId: '77', rankId: 2 },
        in77(2),
        in77(3),
      ],
      ['rankRange: its lower bound', { kind: 'rankRange', groupId: '77', minRank: 2, maxRank: 4 }, in77(2), in77(1)],
      ['rankRange: its upper bound', { kind: 'rankRange', groupId: '77', minRank: 2, maxRank: 4 }, in77(4), in77(5)],
      [
        'gamepass: owning that pass',
        { kind: 'gamepass', assetId: '100' },
        { owned: ['gamepass:100'] },
        { owned: ['badge:100'] },
      ],
      [
        'badge: owning that badge',
        { kind: 'badge', assetId: '200' },
        { owned: ['badge:200'] },
        { owned: ['asset:200'] },
      ],
      [
        'asset: owning that asset',
        { kind: 'asset', assetId: '300' },
        { owned: ['asset:300'] },
        { owned: ['gamepass:300'] },
      ],
    ])('%s', (_label, criteria, meets, misses) => {
      const config = { binds: [{ id: 'b', roleIds: ['r-bound'], ...criteria }] };
      const met = plan({ guild, config, member: { roleIds: [] }, ...meets });
      const missed = plan({ guild, config, member: { roleIds: ['r-bound'] }, ...misses });
      if (met.kind !== 'plan' || missed.kind !== 'plan') throw new Error('expected plans');
      expect(ids(met.adding)).toContain('r-bound');
      expect(ids(missed.adding)).not.toContain('r-bound');
      expect(ids(missed.removing)).toContain('r-bound');
    });

    it("reads the legacy rank binds as rank binds of the bound group, beside another group's binds", () => {
      const result = plan({
        guild,
        config: { binds: [{ id: 'b', kind: 'rank', groupId: '77', rankId: 2, roleIds: ['r-bound'] }] },
        member: { roleIds: ['r-officer'] },
      });
      if (result.kind !== 'plan') throw new Error('expected a plan');
      expect(ids(result.adding)).toEqual(['r-member', 'r-bound', 'r-verified']);
      expect(ids(result.removing)).toEqual(['r-officer']);
    });

    it('leaves the roles of legacy rank binds alone while no group is bound: they name no bind then', () => {
      const result = plan({ config: { boundGroupId: '' }, member: { roleIds: ['r-officer'] } });
      expect(result).toMatchObject({ kind: 'plan', removing: [], rank: null });
      if (result.kind !== 'plan') throw new Error('expected a plan');
      expect(ids(result.adding)).toEqual(['r-verified']);
    });
  });

  describe('restrictions (issue 35)', () => {
    it.each<[string, Parameters<typeof plan>[0], string]>([
      [
        'a young account',
        { createdAt: daysAgo(3), config: { restrictions: { ...NO_LIMITS, minAccountAgeDays: 30 } } },
        'Your Roblox account is 3 days old; this server needs accounts at least 30 days old',
      ],
      [
        'an account outside the required group',
        { config: { restrictions: { ...NO_LIMITS, requireGroupId: '999' } } },
        'This server needs members of the Roblox group 999',
      ],
      [
        'a banned account',
        { config: { restrictions: { ...NO_LIMITS, bannedRobloxIds: [{ robloxId: '7', reason: 'alt account' }] } } },
        'Your Roblox account is banned from verifying here: alt account',
      ],
    ])('holds back %s: no bound role, the unverified role, and the reason', (_label, over, reason) => {
      const result = plan({ ...over, member: { roleIds: ['r-member', 'r-verified'], nick: 'kept' } });
      if (result.kind !== 'plan') throw new Error('expected a plan');
      expect(result.restricted).toBe(reason);
      expect(ids(result.adding)).toEqual(['r-unverified']);
      expect(ids(result.removing)).toEqual(['r-member', 'r-verified']);
      expect(result.nick).toBeUndefined();
    });

    it('counts a guest (rank 0) of the required group as outside it, and a creation date ahead of now as 0 days', () => {
      const result = plan({
        groupRoles: [groupRole('42', 1, 'Member'), groupRole('77', 0, 'Guest')],
        config: { restrictions: { ...NO_LIMITS, requireGroupId: '77' } },
      });
      expect(result).toMatchObject({ restricted: 'This server needs members of the Roblox group 77' });
      expect(
        plan({ createdAt: daysAgo(-2), config: { restrictions: { ...NO_LIMITS, minAccountAgeDays: 1 } } }),
      ).toMatchObject({
        restricted: 'Your Roblox account is 0 days old; this server needs accounts at least 1 days old',
      });
    });

    it('lets through an account old enough, in the required group, or whose age Roblox did not give', () => {
      const limits = { ...NO_LIMITS, minAccountAgeDays: 30, requireGroupId: '77' };
      expect(plan({ createdAt: daysAgo(30), config: { restrictions: limits } })).toMatchObject({ restricted: null });
      expect(plan({ createdAt: null, config: { restrictions: limits } })).toMatchObject({ restricted: null });
    });
  });

  it('never touches a member holding a bypass role, not even to report them', () => {
    expect(plan({ config: { bypassRoleIds: ['r-mod'] }, member: { roleIds: ['r-mod', 'r-officer'] } })).toEqual({
      kind: 'plan',
      restricted: null,
      rank: null,
      adding: [],
      removing: [],
      nick: undefined,
      edit: null,
      skipped: [],
      problems: [],
    });
    expect(
      plan({ config: { bypassRoleIds: ['r-mod'] }, guild: { ownerId: 'u1' }, member: { roleIds: ['r-mod'] } }),
    ).toMatchObject({ kind: 'plan', edit: null });
  });
  it("gives an unverified member the unverified role even when a bound role they hold is out of the bot's reach", () => {
    const guild = makeGuild();
    const roles = [
      ...guild.roles.filter((entry) => entry.id !== 'r-officer'),
      role('r-officer', 'Officer', 4, { managed: true }),
    ];
    const result = plan({
      guild: { roles },
      standing: { kind: 'unverified', claim: null },
      member: { roleIds: ['r-officer', 'r-member'] },
    });
    if (result.kind !== 'plan') throw new Error('expected a plan');
    expect(ids(result.adding)).toEqual(['r-unverified']);
    expect(ids(result.removing)).toEqual(['r-member']);
    expect(result.skipped).toEqual([{ target: 'Officer', reason: 'it is managed by an integration' }]);
  });

  it('leaves an unverified member holding a bypass role as they are: no unverified role, no bound role taken', () => {
    expect(
      plan({
        config: { bypassRoleIds: ['r-mod'] },
        standing: { kind: 'unverified', claim: null },
        member: { roleIds: ['r-mod', 'r-member'] },
      }),
    ).toMatchObject({ kind: 'plan', adding: [], removing: [], edit: null });
  });

  describe('nicknames (issue 35 point 5)', () => {
    it("prefers a met bind's template to the server's, and falls back when the bind has none", () => {
      const binds: Bind[] = [
        { id: 'g', kind: 'group', groupId: '77', roleIds: [], nickname: '{roblox-id} {discord-name}' },
      ];
      const config = { binds, nicknameFormat: '{display-name}' };
      expect(plan({ config, member: { globalName: 'Ali' } })).toMatchObject({ nick: '7 Ali' });
      expect(plan({ config, member: { globalName: null } })).toMatchObject({ nick: '7 alice' });
      expect(plan({ config: { ...config, binds: [{ ...binds[0]!, nickname: null }] } })).toMatchObject({
        nick: 'Alice',
      });
    });

    it("cuts the result to Discord's 32 characters by code points, never through an emoji", () => {
      const long = plan({
        standing: {
          kind: 'proven',
          robloxUser: { id: '7', name: 'alice_rbx', displayName: '🌸'.repeat(40), description: '' },
          createdAt: null,
          groupRoles: [],
          owned: new Set(),
        },
        config: { nicknameFormat: '{display-name}' },
      });
      if (long.kind !== 'plan') throw new Error('expected a plan');
      expect(long.nick).toBe('🌸'.repeat(32));
      expect(long.edit?.nick).toBe('🌸'.repeat(32));
    });
  });

  it('plans the same through memberSyncPlanner, reused across members, as one member at a time', () => {
    const config = {
      bypassRoleIds: ['r-mod'],
      binds: [{ id: 'g', kind: 'group', groupId: '77', roleIds: ['r-officer'] } satisfies Bind],
      restrictions: { ...NO_LIMITS, minAccountAgeDays: 30 },
    };
    const cases: Parameters<typeof plan>[0][] = [
      {},
      { member: { roleIds: ['r-member', 'r-verified'], nick: 'alice_rbx' } },
      { standing: { kind: 'unverified', claim: null }, member: { roleIds: ['r-officer'] } },
      { member: { roleIds: ['r-leader'] } },
      { member: { roleIds: ['r-mod', 'r-member'] } },
      { createdAt: daysAgo(2), member: { roleIds: ['r-officer'] } },
    ];
    const planner = memberSyncPlanner(makeInput({ config }).guild, makeInput({ config }).config);
    for (const over of cases) {
      const input = makeInput({ ...over, config });
      expect(planner(input.member, input.standing, input.now)).toEqual(planMemberSync(input));
    }
  });
});
