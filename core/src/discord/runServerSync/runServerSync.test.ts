import { describe, expect, it } from 'vitest';
import {
  InMemoryDiscord,
  InMemoryLinkedAccounts,
  InMemoryMemberSyncLocks,
  InMemoryRoblox,
  makeGuild,
  setConfig,
} from '../testing/fakes.ts';
import { InMemoryRoleProblemLog, InMemoryServerConfigs } from '../testing/stateFakes.ts';
import { InMemoryServerSyncRuns, RecordingServerSyncJobs } from '../testing/serverSyncFakes.ts';
import { TriggerServerSync } from '../triggerServerSync/triggerServerSync.ts';
import { RunServerSync } from './runServerSync.ts';

const NOW = new Date('2026-11-26T10:00:00Z');
const MEMBERS = 10;

/** Guild g1 with members 101-110, all linked and verified, ranked Officer in group 42; the odd ones already right. */
function makeSut() {
  const configs = setConfig(new InMemoryServerConfigs(), 'g1', {
    boundGroupId: '42',
    nicknameFormat: '{roblox-name}',
    rankBinds: [
      { rankId: 1, roleId: 'r-member' },
      { rankId: 50, roleId: 'r-officer' },
    ],
    verificationRoleId: 'r-verified',
    unverifiedRoleId: 'r-unverified',
  });
  const accounts = new InMemoryLinkedAccounts();
  const discord = new InMemoryDiscord().addGuild(makeGuild());
  const roblox = new InMemoryRoblox();
  for (let i = 1; i <= MEMBERS; i++) {
    const id = String(100 + i);
    const right = i % 2 === 1;
    accounts.accounts.set(id, { robloxId: `7${id}`, isVerified: true });
    roblox.users.set(`7${id}`, { id: `7${id}`, name: `rbx${id}`, displayName: `R${id}`, description: '' });
    roblox.roles.set(`7${id}`, [{ groupId: '42', groupName: 'G', roleId: '9', roleName: 'Officer', rank: 50 }]);
    discord.addMember('g1', {
      id,
      username: `user${id}`,
      globalName: null,
      nick: right ? `rbx${id}` : null,
      roleIds: right ? ['r-officer', 'r-verified'] : ['r-unverified'],
    });
  }
  // Not linked, and already holding the unverified role, as every sync leaves an unlinked member.
  discord.addMember('g1', { id: '200', username: 'stranger', globalName: null, nick: null, roleIds: ['r-unverified'] });
  const runs = new InMemoryServerSyncRuns();
  const problems = new InMemoryRoleProblemLog();
  const clock = { current: NOW.getTime(), now: () => new Date(clock.current) };
  const trigger = new TriggerServerSync({ runs, jobs: new RecordingServerSyncJobs(), clock });
  const locks = new InMemoryMemberSyncLocks();
  const sut = new RunServerSync({
    runs,
    pages: discord,
    discord,
    configs,
    accounts,
    robloxUsers: roblox,
    memberships: roblox,
    inventory: roblox,
    problems,
    clock,
    locks,
    settings: { pageSize: 4, checkpointMs: 1000, robloxConcurrency: 2 },
  });
  const edits = () => discord.calls.filter((call) => call.action === 'edit').map((call) => call.userId);
  return { sut, runs, discord, configs, problems, trigger, clock, edits, accounts, roblox, locks };
}

describe('RunServerSync', () => {
  it('reads the members page by page and sends one full edit to each member who is not right, skipping the rest', async () => {
    const { sut, discord, trigger, edits } = makeSut();
    await trigger.execute('g1');
    const run = await sut.execute({ guildId: 'g1', workerToken: 'w1' });
    expect(run).toMatchObject({ state: 'done', total: 11, visited: 11, changed: 5, unchanged: 6, failed: 0 });
    expect(edits()).toEqual(['102', '104', '106', '108', '110']);
    expect(discord.calls.find((call) => call.userId === '102')!.detail).toEqual({
      roleIds: ['r-officer', 'r-verified'],
      nick: 'rbx102',
    });
    expect(discord.calls.filter((call) => call.action === 'page').map((call) => call.detail)).toEqual([
      { after: '0', limit: 4 },
      { after: '104', limit: 4 },
      { after: '108', limit: 4 },
    ]);

    // Everyone is right now: a second run edits nobody.
    await trigger.execute('g1');
    await expect(sut.execute({ guildId: 'g1', workerToken: 'w2' })).resolves.toMatchObject({ changed: 0 });
    expect(edits()).toHaveLength(5);
  });

  it('gives roles for a vouch only in the server it was given in, and none for an unproven link (issue 22)', async () => {
    const { sut, discord, trigger, accounts, roblox } = makeSut();
    const unproven = { robloxId: '7201', isVerified: false };
    roblox.users.set('7201', { id: '7201', name: 'rbx201', displayName: 'R201', description: '' });
    roblox.roles.set('7201', [{ groupId: '42', groupName: 'G', roleId: '9', roleName: 'Officer', rank: 50 }]);
    for (const id of ['201', '202']) {
      accounts.accounts.set(id, unproven);
      discord.addMember('g1', { id, username: `user${id}`, globalName: null, nick: null, roleIds: [] });
    }
    accounts.vouches.set('g1/201', '7201');
    accounts.vouches.set('g2/202', '7201');
    await trigger.execute('g1');
    await sut.execute({ guildId: 'g1', workerToken: 'w1' });
    expect(discord.members.get('g1/201')!.roleIds).toEqual(['r-officer', 'r-verified']);
    // The vouch of another server gives nothing here: 202 is unverified.
    expect(discord.members.get('g1/202')!.roleIds).toEqual(['r-unverified']);
  });

  it('gives unlinked members the unverified role and takes every bound role from those who unlinked (issue 35)', async () => {
    const { sut, discord, trigger, accounts, roblox } = makeSut();
    discord.addMember('g1', { id: '300', username: 'newbie', globalName: null, nick: 'newbie', roleIds: [] });
    discord.addMember('g1', { id: '301', username: 'dj', globalName: null, nick: null, roleIds: [], bot: true });
    // 101 unlinked their account but still holds the roles of their rank.
    accounts.accounts.set('101', { robloxId: null, isVerified: false });
    const usersRead = roblox.byId.bind(roblox);
    const read: string[] = [];
    roblox.byId = async (id) => (read.push(id), usersRead(id));
    await trigger.execute('g1');
    const run = await sut.execute({ guildId: 'g1', workerToken: 'w1' });
    expect(discord.members.get('g1/300')).toMatchObject({ roleIds: ['r-unverified'], nick: 'newbie' });
    expect(discord.members.get('g1/101')!.roleIds).toEqual(['r-unverified']);
    expect(discord.members.get('g1/301')!.roleIds).toEqual([]);
    // The bot (301) is visited but counted nowhere: "Already right" counts only members the run looks after.
    expect(run).toMatchObject({ visited: 13, changed: 7, unchanged: 5, failed: 0 });
    // Unverified members are planned from the stored links alone: Roblox is asked about linked accounts only.
    expect(read.sort()).toEqual(['7102', '7103', '7104', '7105', '7106', '7107', '7108', '7109', '7110']);
  });

  it('names a member Roblox did not answer about, with the reason, and leaves unverified members out of the counts when no role is theirs', async () => {
    const { sut, discord, trigger, configs, roblox, problems } = makeSut();
    setConfig(configs, 'g1', { unverifiedRoleId: '' });
    discord.addMember('g1', { id: '300', username: 'newbie', globalName: null, nick: null, roleIds: [] });
    const usersRead = roblox.byId.bind(roblox);
    roblox.byId = async (id) => {
      if (id === '7103') throw new Error('Roblox is down');
      return usersRead(id);
    };
    await trigger.execute('g1');
    const run = await sut.execute({ guildId: 'g1', workerToken: 'w1' });
    expect(run).toMatchObject({ failed: 1 });
    expect(run!.changed + run!.unchanged + run!.failed).toBeLessThan(run!.visited);
    const [noted] = (await problems.readFor(['g1'])).flatMap((guild) => guild.problems);
    expect(noted).toMatchObject({ kind: 'member', targetId: '103' });
    expect(noted!.reason).toMatch(/^Roblox did not answer about .+'s account: the next update tries again$/);
  });

  it('asks about the bound items once per linked account and run, whatever the number of binds', async () => {
    const { sut, discord, trigger, configs, roblox } = makeSut();
    setConfig(configs, 'g1', {
      binds: [
        { id: 'p', kind: 'gamepass', assetId: '55', roleIds: ['r-member'] },
        { id: 'b', kind: 'badge', assetId: '66', roleIds: ['r-member'] },
      ],
    });
    roblox.inventories.set('7103', new Set(['badge:66']));
    await trigger.execute('g1');
    await sut.execute({ guildId: 'g1', workerToken: 'w1' });
    expect(roblox.ownershipAsked).toHaveLength(10);
    expect(new Set(roblox.ownershipAsked.map((asked) => asked.robloxUserId)).size).toBe(10);
    expect(discord.members.get('g1/103')!.roleIds).toContain('r-member');
  });

  it("edits under the member's sync lock, re-reading the member, so a /verify sync meanwhile is not undone", async () => {
    const { sut, discord, trigger, edits, locks } = makeSut();
    await trigger.execute('g1');
    // A /verify of member 102 holds the lock and puts them right before the bulk edit may run.
    let release!: () => void;
    const held = locks.exclusive({ guildId: 'g1', discordUserId: '102' }, async () => {
      await new Promise<void>((resolve) => (release = resolve));
      await discord.editMember('g1', '102', { roleIds: ['r-officer', 'r-verified'], nick: 'rbx102' });
    });
    const running = sut.execute({ guildId: 'g1', workerToken: 'w1' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(edits()).toEqual([]);
    release();
    await held;
    await expect(running).resolves.toMatchObject({ changed: 4, unchanged: 7 });
    // 102 was edited once, by the /verify sync; the bulk sync found them right.
    expect(edits().filter((id) => id === '102')).toHaveLength(1);
  });

  it('resumes from the checkpoint after a worker dies, and the dead worker can write nothing more', async () => {
    const { sut, runs, discord, trigger, edits } = makeSut();
    await trigger.execute('g1');
    const edit = discord.editMember.bind(discord);
    let crash = true;
    discord.editMember = async (guildId, userId, change) => {
      await edit(guildId, userId, change);
      if (crash && userId === '104') throw new Error('process killed');
    };
    await expect(sut.execute({ guildId: 'g1', workerToken: 'dead' })).rejects.toThrow('process killed');
    // The edit of 104 landed but its checkpoint did not: the new worker re-reads 103 and 104 and finds them right.
    expect((await runs.get('g1'))!.cursor).toBe('102');
    crash = false;
    const resumed = await sut.execute({ guildId: 'g1', workerToken: 'second' });
    expect(resumed).toMatchObject({ state: 'done', changed: 4 });
    expect(edits()).toEqual(['102', '104', '106', '108', '110']);
    expect(await runs.checkpoint({ ...resumed!, state: 'running' }, 'dead')).toBe(false);
  });

  it('carries on with new settings from where it was when triggered again, then goes round to the members before', async () => {
    const { sut, runs, discord, configs, trigger, edits } = makeSut();
    await trigger.execute('g1');
    const edit = discord.editMember.bind(discord);
    let triggered = false;
    discord.editMember = async (guildId, userId, change) => {
      await edit(guildId, userId, change);
      if (userId === '106' && !triggered) {
        triggered = true;
        setConfig(configs, 'g1', { nicknameFormat: '{display-name}' });
        await trigger.execute('g1');
      }
    };
    const run = await sut.execute({ guildId: 'g1', workerToken: 'w1' });
    // 102, 104, 106 with the old nickname; the trigger came before 106's checkpoint, so the new generation starts
    // after 104: 105-110 and 200, then round again 101-104, each once with the new nickname.
    expect(edits()).toEqual([
      '102',
      '104',
      '106',
      '105',
      '106',
      '107',
      '108',
      '109',
      '110',
      '101',
      '102',
      '103',
      '104',
    ]);
    expect(run).toMatchObject({ state: 'done', generation: 2, visited: 11, changed: 10, unchanged: 1 });
    expect(discord.members.get('g1/103')!.nick).toBe('R103');
    expect((await runs.get('g1'))!.state).toBe('done');
  });

  it('stops at the next checkpoint once cancelled, leaving the members after it alone', async () => {
    const { sut, runs, discord, trigger, clock, edits } = makeSut();
    await trigger.execute('g1');
    const edit = discord.editMember.bind(discord);
    discord.editMember = async (guildId, userId, change) => {
      await edit(guildId, userId, change);
      if (userId === '104') await runs.cancel('g1', new Date(clock.current));
    };
    expect(await sut.execute({ guildId: 'g1', workerToken: 'w1' })).toBeNull();
    expect(edits()).toEqual(['102', '104']);
    expect(await runs.get('g1')).toMatchObject({ state: 'cancelled', changed: 1 });
  });

  it('leaves members above the bot and roles it may not give as they are, and reports each once', async () => {
    const { sut, discord, problems, trigger, edits } = makeSut();
    discord.members.get('g1/102')!.roleIds.push('r-leader');
    discord.guilds.get('g1')!.botPermissions = ['ManageNicknames'];
    await trigger.execute('g1');
    const run = await sut.execute({ guildId: 'g1', workerToken: 'w1' });
    expect(run).toMatchObject({ changed: 4, failed: 1 });
    // Nicknames only: the roles wait for Manage Roles.
    expect(discord.calls.find((call) => call.userId === '104')!.detail).toEqual({ nick: 'rbx104' });
    expect(edits()).toEqual(['104', '106', '108', '110']);
    expect(problems.of('g1')).toEqual(['member:user102', 'permission:Manage Roles']);
  });

  it('ends at once with nothing to run, and does nothing while verification is off', async () => {
    const { sut, configs, trigger, edits } = makeSut();
    expect(await sut.execute({ guildId: 'g1', workerToken: 'w1' })).toBeNull();
    setConfig(configs, 'g1', { verificationEnabled: false });
    await trigger.execute('g1');
    expect(await sut.execute({ guildId: 'g1', workerToken: 'w1' })).toMatchObject({ state: 'done', visited: 0 });
    expect(edits()).toEqual([]);
  });
});
