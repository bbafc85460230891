import { describe, expect, it } from 'vitest';
import {
  InMemoryDiscord,
  InMemoryLinkedAccounts,
  InMemoryMemberSyncLocks,
  InMemoryRoblox,
  makeGuild,
  role,
  setConfig,
} from '../testing/fakes.ts';
import { InMemoryRoleProblemLog, InMemoryServerConfigs } from '../testing/stateFakes.ts';
import { DEFAULT_SERVER_CONFIG } from '../serverConfigs.ts';
import type { RobloxGroupRole } from '../../roblox/ports.ts';
import { planMemberSync, type MemberStanding } from '../planMemberSync/planMemberSync.ts';
import { syncedRobloxId } from '../memberStanding.ts';
import { NOW } from '../testing/makeBot.ts';
import { SyncMemberRoles } from './syncMemberRoles.ts';

const BINDS = [
  { rankId: 1, roleId: 'r-member' },
  { rankId: 50, roleId: 'r-officer' },
  { rankId: 255, roleId: 'r-leader' },
];

function makeSut() {
  const configs = setConfig(new InMemoryServerConfigs(), 'g1', {
    boundGroupId: '42',
    nicknameFormat: '{smart-name}',
    rankBinds: BINDS,
    verificationRoleId: 'r-verified',
    unverifiedRoleId: 'r-unverified',
  });
  const accounts = new InMemoryLinkedAccounts();
  accounts.accounts.set('u1', { robloxId: '7', isVerified: true });
  const discord = new InMemoryDiscord().addGuild(makeGuild());
  discord.addMember('g1', {
    id: 'u1',
    username: 'alice',
    globalName: 'Alice',
    nick: null,
    roleIds: ['r-unverified', 'r-member'],
  });
  const roblox = new InMemoryRoblox();
  roblox.users.set('7', { id: '7', name: 'alice_rbx', displayName: 'Ally', description: '' });
  roblox.roles.set('7', [{ groupId: '42', groupName: 'Group', roleId: '900', roleName: 'Officer', rank: 50 }]);
  const problems = new InMemoryRoleProblemLog();
  const sut = new SyncMemberRoles({
    configs,
    accounts,
    discord,
    robloxUsers: roblox,
    memberships: roblox,
    inventory: roblox,
    problems,
    locks: new InMemoryMemberSyncLocks(),
    clock: { now: () => NOW },
  });
  return { sut, configs, accounts, discord, roblox, problems };
}

describe('SyncMemberRoles', () => {
  it("gives the rank's bound role and Verified, removes other bound roles and Unverified, sets the nickname", async () => {
    const { sut, discord } = makeSut();
    const outcome = await sut.execute({ guildId: 'g1', discordUserId: 'u1' });
    expect(outcome).toEqual({
      kind: 'synced',
      robloxName: 'alice_rbx',
      rank: 'Officer',
      added: ['Officer', 'Verified'],
      removed: ['Member', 'Unverified'],
      nickname: 'Ally (@alice_rbx)',
      skipped: [],
    });
    expect(discord.members.get('g1/u1')).toMatchObject({
      roleIds: ['r-officer', 'r-verified'],
      nick: 'Ally (@alice_rbx)',
    });
  });

  it('F5: gives no role merely named like the rank; only the bind counts', async () => {
    const { sut, configs, discord } = makeSut();
    // Rank 50 is "Officer" on Roblox and a role "Officer" exists, but without a bind for rank 50 nothing is given.
    setConfig(configs, 'g1', { rankBinds: BINDS.filter((bind) => bind.rankId !== 50) });
    const outcome = await sut.execute({ guildId: 'g1', discordUserId: 'u1' });
    expect(outcome).toMatchObject({ kind: 'synced', added: ['Verified'], removed: ['Member', 'Unverified'] });
    expect(discord.members.get('g1/u1')!.roleIds).toEqual(['r-verified']);
  });

  it('F5: a group whose rank is named like a privileged role does not get it', async () => {
    const { sut, roblox, discord } = makeSut();
    roblox.roles.set('7', [{ groupId: '42', groupName: 'Group', roleId: '901', roleName: 'Moderators', rank: 60 }]);
    const outcome = await sut.execute({ guildId: 'g1', discordUserId: 'u1' });
    expect(outcome).toMatchObject({ kind: 'synced', rank: 'Moderators', added: ['Verified'] });
    expect(discord.members.get('g1/u1')!.roleIds).not.toContain('r-mod');
  });

  it('gives no verified role while none is configured, whatever roles are named Verified', async () => {
    const { sut, configs } = makeSut();
    setConfig(configs, 'g1', { verificationRoleId: '' });
    await expect(sut.execute({ guildId: 'g1', discordUserId: 'u1' })).resolves.toMatchObject({ added: ['Officer'] });
  });

  it('skips and names a rank role above the bot, and changes nothing when it is the only change', async () => {
    const { sut, roblox, discord, problems } = makeSut();
    roblox.roles.set('7', [{ groupId: '42', groupName: 'Group', roleId: '1', roleName: 'Leader', rank: 255 }]);
    const outcome = await sut.execute({ guildId: 'g1', discordUserId: 'u1' });
    expect(outcome).toMatchObject({ kind: 'synced', added: ['Verified'], removed: ['Member', 'Unverified'] });
    if (outcome.kind !== 'synced') throw new Error(outcome.kind);
    expect(outcome.skipped).toEqual([
      { target: 'Leader', reason: expect.stringContaining("at or above the bot's highest role") },
    ]);
    expect(discord.members.get('g1/u1')!.roleIds).toEqual(['r-verified']);
    expect(problems.of('g1')).toEqual(['role:Leader']);
  });

  it('explains a missing Manage Roles permission and still sets the nickname', async () => {
    const { sut, discord, problems } = makeSut();
    discord.guilds.get('g1')!.botPermissions = ['ManageNicknames'];
    const outcome = await sut.execute({ guildId: 'g1', discordUserId: 'u1' });
    if (outcome.kind !== 'synced') throw new Error(outcome.kind);
    expect(outcome.added).toEqual([]);
    expect(outcome.skipped.map((skip) => skip.reason)).toEqual(
      Array(4).fill('the bot lacks the Manage Roles permission'),
    );
    expect(discord.members.get('g1/u1')).toMatchObject({
      roleIds: ['r-unverified', 'r-member'],
      nick: 'Ally (@alice_rbx)',
    });
    // For the setup check: the permission once, not once per role it blocked.
    expect(problems.of('g1')).toEqual(['permission:Manage Roles']);
  });

  it('leaves the owner and members above the bot alone, saying why, and notes them until a sync reaches them', async () => {
    const { sut, discord, problems } = makeSut();
    discord.guilds.get('g1')!.ownerId = 'u1';
    await expect(sut.execute({ guildId: 'g1', discordUserId: 'u1' })).resolves.toEqual({
      kind: 'member-unmanageable',
      reason: expect.stringContaining('owns the server'),
    });
    discord.guilds.get('g1')!.ownerId = 'owner';
    discord.members.get('g1/u1')!.roleIds.push('r-leader');
    await expect(sut.execute({ guildId: 'g1', discordUserId: 'u1' })).resolves.toMatchObject({
      kind: 'member-unmanageable',
    });
    expect(discord.calls).toEqual([]);
    expect(problems.of('g1')).toEqual(['member:alice']);
    expect([...problems.stored.values()][0]!.reason).toContain(
      "alice's highest role is at or above the bot's highest role",
    );

    discord.members.get('g1/u1')!.roleIds.pop();
    await expect(sut.execute({ guildId: 'g1', discordUserId: 'u1' })).resolves.toMatchObject({ kind: 'synced' });
    expect(problems.of('g1')).toEqual([]);
  });

  it('plans a member with no proven account as unverified: bound roles and Verified taken, Unverified given (issue 35)', async () => {
    const { sut, accounts, discord } = makeSut();
    discord.addMember('g1', { id: 'u2', username: 'bob', globalName: null, nick: null, roleIds: ['r-member'] });
    // Never linked, then a claim not proven yet, then an unlinked member who still holds the roles of their rank.
    await expect(sut.execute({ guildId: 'g1', discordUserId: 'u2' })).resolves.toEqual({ kind: 'not-linked' });
    expect(discord.members.get('g1/u2')!.roleIds).toEqual(['r-unverified']);
    accounts.accounts.set('u1', { robloxId: '7', isVerified: false });
    await expect(sut.execute({ guildId: 'g1', discordUserId: 'u1' })).resolves.toEqual({ kind: 'not-verified' });
    expect(discord.members.get('g1/u1')!.roleIds).toEqual(['r-unverified']);
    discord.members.get('g1/u1')!.roleIds = ['r-officer', 'r-verified'];
    accounts.accounts.set('u1', { robloxId: null, isVerified: false });
    await expect(sut.execute({ guildId: 'g1', discordUserId: 'u1' })).resolves.toEqual({ kind: 'not-linked' });
    expect(discord.members.get('g1/u1')!.roleIds).toEqual(['r-unverified']);
  });

  it("takes a banned account's bound roles and gives Unverified, answering that it is banned", async () => {
    const { sut, accounts, discord, roblox } = makeSut();
    discord.members.get('g1/u1')!.roleIds = ['r-officer', 'r-verified'];
    accounts.accounts.set('u1', { robloxId: '7', isVerified: true, isBanned: true, bannedReason: 'Scams' });
    await expect(sut.execute({ guildId: 'g1', discordUserId: 'u1' })).resolves.toEqual({
      kind: 'banned',
      reason: 'Scams',
    });
    expect(discord.members.get('g1/u1')!.roleIds).toEqual(['r-unverified']);
    // Nothing of a banned account is read from Roblox.
    expect(roblox.ownershipAsked).toEqual([]);
  });

  it('asks Roblox only about the items the server binds, in one question per member', async () => {
    const { sut, configs, roblox } = makeSut();
    await configs.save('g1', {
      binds: [
        { id: 'b1', kind: 'gamepass', assetId: '55', roleIds: ['r-member'] },
        { id: 'b2', kind: 'badge', assetId: '66', roleIds: ['r-member'] },
        { id: 'b3', kind: 'gamepass', assetId: '55', roleIds: ['r-officer'] },
        { id: 'b4', kind: 'group', groupId: '42', roleIds: ['r-verified'] },
      ],
    });
    roblox.inventories.set('7', new Set(['gamepass:55', 'asset:99']));
    await sut.execute({ guildId: 'g1', discordUserId: 'u1' });
    expect(roblox.ownershipAsked).toEqual([
      {
        robloxUserId: '7',
        items: [
          { kind: 'gamepass', id: '55' },
          { kind: 'badge', id: '66' },
        ],
      },
    ]);
  });

  it('answers restricted with the reason when the server keeps a proven account from verifying', async () => {
    const { sut, configs, roblox } = makeSut();
    await configs.save('g1', { restrictions: { minAccountAgeDays: 30, requireGroupId: null, bannedRobloxIds: [] } });
    roblox.users.get('7')!.created = new Date(NOW.getTime() - 86_400_000).toISOString();
    const outcome = await sut.execute({ guildId: 'g1', discordUserId: 'u1' });
    expect(outcome).toMatchObject({ kind: 'restricted', robloxName: 'alice_rbx', reason: expect.any(String) });
  });

  it("uses a manager's vouch only in the server it was given in, and the member's own proof everywhere", async () => {
    const { sut, accounts, discord } = makeSut();
    discord.addGuild(makeGuild({ id: 'g2' }));
    discord.addMember('g2', { id: 'u1', username: 'alice', globalName: null, nick: null, roleIds: [] });
    accounts.accounts.set('u1', { robloxId: null, isVerified: false });
    accounts.vouches.set('g1/u1', '7');
    await expect(sut.execute({ guildId: 'g1', discordUserId: 'u1' })).resolves.toMatchObject({
      kind: 'synced',
      robloxName: 'alice_rbx',
    });
    await expect(sut.execute({ guildId: 'g2', discordUserId: 'u1' })).resolves.toEqual({ kind: 'not-linked' });
  });

  it('runs two syncs of the same member one after the other, so the second reads what the first wrote', async () => {
    const { sut, discord } = makeSut();
    const events: string[] = [];
    const read = discord.member.bind(discord);
    const edit = discord.editMember.bind(discord);
    discord.member = async (guildId, userId) => {
      events.push('read');
      const member = await read(guildId, userId);
      // Both syncs would read here before either writes if nothing serialised them.
      await new Promise((resolve) => setTimeout(resolve, 5));
      return member && { ...member, roleIds: [...member.roleIds] };
    };
    discord.editMember = async (guildId, userId, change) => {
      events.push('write');
      return edit(guildId, userId, change);
    };
    const [first, second] = await Promise.all([
      sut.execute({ guildId: 'g1', discordUserId: 'u1' }),
      sut.execute({ guildId: 'g1', discordUserId: 'u1' }),
    ]);
    expect(events).toEqual(['read', 'write', 'read']);
    expect(first).toMatchObject({ kind: 'synced', added: ['Officer', 'Verified'] });
    expect(second).toMatchObject({ kind: 'synced', added: [], removed: [] });
  });

  it('turns a Discord 403 into a clear reason, noted against the member', async () => {
    const { sut, discord, problems } = makeSut();
    discord.refuse = true;
    const outcome = await sut.execute({ guildId: 'g1', discordUserId: 'u1' });
    expect(outcome).toMatchObject({ kind: 'refused', reason: expect.stringContaining('Manage Roles') });
    expect(problems.of('g1')).toEqual(['member:alice']);
  });

  it('does nothing on a second run once everything is in line', async () => {
    const { sut, discord } = makeSut();
    await sut.execute({ guildId: 'g1', discordUserId: 'u1' });
    const again = await sut.execute({ guildId: 'g1', discordUserId: 'u1' });
    expect(again).toMatchObject({ added: [], removed: [], nickname: null });
    expect(discord.calls).toHaveLength(1);
  });
});

describe('planMemberSync (pure: what the bulk sync computes per member)', () => {
  const guild = makeGuild({ roles: [...makeGuild().roles, role('r-officer-2', 'Officer', 4)] });
  const config = { ...DEFAULT_SERVER_CONFIG, boundGroupId: '42', rankBinds: BINDS, verificationRoleId: 'r-verified' };
  const member = { id: 'u2', username: 'bob', globalName: null, nick: 'bob_rbx', roleIds: ['r-officer-2'] };
  const robloxUser = { id: '8', name: 'bob_rbx', displayName: 'bob_rbx', description: '' };
  const proven = (groupRoles: RobloxGroupRole[]): MemberStanding => ({
    kind: 'proven',
    robloxUser,
    createdAt: null,
    groupRoles,
    owned: new Set(),
  });

  it('wants the bound role by id even when another role has the same name, and leaves that one alone', () => {
    const plan = planMemberSync({
      guild,
      member,
      config,
      standing: proven([{ groupId: '42', groupName: 'Group', roleId: '900', roleName: 'Officer', rank: 50 }]),
      now: NOW,
    });
    if (plan.kind !== 'plan') throw new Error('a manageable member has a plan');
    expect(plan.adding.map((r) => r.id)).toEqual(['r-officer', 'r-verified']);
    expect(plan.removing).toEqual([]);
    expect(plan.edit?.roleIds).toEqual(['r-officer-2', 'r-officer', 'r-verified']);
    expect(plan.nick).toBeUndefined();
  });

  it('takes every bound role from someone who left the group', () => {
    const plan = planMemberSync({
      guild,
      member: { ...member, roleIds: ['r-member', 'r-verified'] },
      config,
      standing: proven([]),
      now: NOW,
    });
    if (plan.kind !== 'plan') throw new Error('a manageable member has a plan');
    expect(plan.removing.map((r) => r.id)).toEqual(['r-member']);
    expect(plan.edit?.roleIds).toEqual(['r-verified']);
  });
});

describe('syncedRobloxId (what single and server-wide syncs give roles for)', () => {
  const account = { robloxId: '7', isVerified: true, vouchedRobloxId: '8', isBanned: false, bannedReason: null };
  it('is the proven link, else the vouch, and nothing at all for a banned account', () => {
    expect(syncedRobloxId(account)).toBe('7');
    expect(syncedRobloxId({ ...account, isVerified: false })).toBe('8');
    expect(syncedRobloxId({ ...account, isBanned: true, bannedReason: 'Spam' })).toBeNull();
  });
});
