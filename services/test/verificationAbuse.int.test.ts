/**
 * Issue 22's exploits, replayed as an attacker would over HTTP against real PostgreSQL, with Discord and Roblox
 * played by loopback fakes. Each case names its finding:
 * F1 a self-vouch, or a vouch used as proof of a Roblox account (to connect its group or read its activity key);
 * F2 a signed-out Roblox sign-in landing in an account that only typed the victim's username;
 * F3 a second account typed and cancelled, which must leave the first account and its roles as they were;
 * F4 a group admin removed in Roblox who still manages the workspace (rotating the activity key);
 * plus a manager list that Discord cannot refresh, which must stop writes (item 6).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeRobloxServer } from '@groupflow/adapters/testing/FakeRobloxServer';
import { freePort } from '@groupflow/adapters/net/freePort';
import { MikroOrmBotState } from '@groupflow/adapters/persistence/discord/MikroOrmBotState';
import { MikroOrmLinkedAccounts } from '@groupflow/adapters/persistence/discord/MikroOrmBotRecords';
import { roleSyncQueueName, shardOf, userSyncQueueName } from '@groupflow/adapters/jobs/PgBossRoleSyncQueue';
import { startTestApi, type TestApi } from './apiHarness.ts';
import { CustomerBrowser } from './customerBrowser.ts';
import { FakeDiscordOAuth, discordGuild, type FakeDiscordUser } from './fakeDiscordOAuth.ts';

const roblox = new FakeRobloxServer();
const discord = new FakeDiscordOAuth();
let api: TestApi;
const run = (Date.now() % 100_000_000) * 10;
const rid = (n: number) => String(run + n);
const ADMIN = rid(1);
const VICTIM = rid(2);
const ATTACKER = rid(3);
const FIRST = rid(4);
const SECOND = rid(5);
const GROUP = rid(10);
const OWNER_ROLE = rid(20);
/** Discord ids and guilds of this run. */
const did = (n: number) => `1${run}${n}`;
const GUILD = `9${run}1`;
const OTHER_GUILD = `9${run}2`;
/** DISCORD_GUILDS_CACHE_SECONDS of this API: short, so the staleness case need not wait a minute. */
const GUILDS_CACHE_MS = 1000;
const SERVER_CONFIG = {
  moderationEnabled: false,
  verificationEnabled: true,
  groupBindingEnabled: false,
  autoRoleSync: false,
  moderatorRoles: [],
  adminRoles: [],
  boundGroupId: '',
  logChannel: '',
  moderationLogChannel: '',
};

beforeAll(async () => {
  await roblox.start();
  await discord.start();
  for (const [id, name] of [
    [ADMIN, 'Admin'],
    [VICTIM, 'Victim'],
    [ATTACKER, 'Attacker'],
    [FIRST, 'First'],
    [SECOND, 'Second'],
  ] as const)
    roblox.addUser({ id, name: `${name}${run}` });
  roblox.addGroup({
    id: GROUP,
    name: `Abuse Group ${run}`,
    description: '',
    ownerId: ADMIN,
    memberCount: 5,
    roles: [
      { id: rid(21), name: 'Member', rank: 1 },
      { id: OWNER_ROLE, name: 'Owner', rank: 255 },
    ],
  });
  roblox.join(ADMIN, GROUP, OWNER_ROLE);
  roblox.join(FIRST, GROUP, rid(21));
  const port = await freePort();
  api = await startTestApi({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DISCORD_CLIENT_ID: '4242',
    DISCORD_CLIENT_SECRET: 'fake-secret',
    DISCORD_BASE_URL: discord.url,
    DISCORD_GUILDS_CACHE_SECONDS: String(GUILDS_CACHE_MS / 1000),
    OAUTH_TIMEOUT_MS: '3000',
    ROBLOX_API_BASE: roblox.apiBase,
    ROBLOX_OAUTH_BASE_URL: `${roblox.url}/oauth`,
    ROBLOX_RETRY_BASE_MS: '20',
    ROBLOX_REQUEST_TIMEOUT_MS: '1000',
    // Every management action asks Roblox, so a removal shows at once.
    ROBLOX_RANK_CHECK_CACHE_SECONDS: '0',
  });
  const bot = new MikroOrmBotState(api.orm);
  await bot.reportOnline({ shardId: 0, botUserId: '777', botName: 'GroupFlow' }, new Date());
  await bot.replaceGuilds(
    0,
    [GUILD, OTHER_GUILD].map((id) => ({ id, name: `Guild ${id}`, icon: null, memberCount: 5, joinedAt: new Date() })),
  );
});

afterAll(async () => {
  await api?.close();
  await discord.stop();
  await roblox.stop();
});

async function signInWithDiscord(user: FakeDiscordUser): Promise<CustomerBrowser> {
  const browser = new CustomerBrowser(api.url);
  const start = await browser.fetch('/auth/discord');
  const state = new URL(start.headers.get('location')!).searchParams.get('state');
  const callback = await browser.fetch(`/auth/discord/callback?code=${discord.codeFor(user)}&state=${state}`);
  expect(callback.headers.get('location')).toBe('/auth-success');
  return browser;
}

async function me(browser: CustomerBrowser) {
  return (await browser.json('GET', '/api/auth/me')).body;
}

/** Links and proves the account with a profile code, as the add-account dialog does. */
async function linkAndProve(browser: CustomerBrowser, robloxId: string): Promise<void> {
  const user = roblox.users.get(robloxId)!;
  expect((await browser.json('POST', '/api/user/link-roblox', { username: user.name })).status).toBe(200);
  const { body } = await browser.json('POST', '/api/user/roblox/verification-code', {});
  user.description = `GroupFlow ${body.code}`;
  expect((await browser.json('POST', '/api/user/roblox/verify-code', { code: body.code })).status).toBe(200);
}

async function syncJobsOf(discordUserId: string) {
  return api.orm.em
    .fork()
    .getConnection()
    .execute<{ name: string; data: { guildId?: string } }[]>(
      "select name, data from pgboss.job where data->>'discordUserId' = ? and state in ('created', 'retry')",
      [discordUserId],
    );
}

async function forgetSyncJobsOf(discordUserId: string) {
  const connection = api.orm.em.fork().getConnection();
  // pg-boss makes its schema on the first job; before it, there is nothing to forget.
  const [found] = await connection.execute<{ jobs: string | null }[]>("select to_regclass('pgboss.job') as jobs");
  if (found?.jobs) await connection.execute("delete from pgboss.job where data->>'discordUserId' = ?", [discordUserId]);
}

describe('F1: a vouch is a fact about one server, never proof', () => {
  it('refuses to let a manager vouch for themselves, even in a server they created', async () => {
    const owner = await signInWithDiscord({
      id: did(1),
      username: 'selfie',
      guilds: [discordGuild(GUILD, 'Main', 'owner')],
    });
    const self = (await owner.json('GET', '/api/user')).body;
    const answer = await owner.json('PATCH', `/api/users/${self.id}/verify`, {
      robloxId: ADMIN,
      robloxUsername: `Admin${run}`,
    });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('You cannot verify your own account');
    expect((await owner.json('GET', '/api/user')).body).toMatchObject({ isVerified: false, robloxId: null });
    expect((await owner.json('GET', '/api/users')).body).toContainEqual(
      expect.objectContaining({ id: self.id, isVerified: false }),
    );
  });

  it("does not let an accomplice's vouch connect the group or read its activity key, and counts only in that server", async () => {
    const manager = await signInWithDiscord({
      id: did(2),
      username: 'accomplice',
      guilds: [discordGuild(GUILD, 'Main', 'owner')],
    });
    const mule = await signInWithDiscord({
      id: did(3),
      username: 'mule',
      guilds: [discordGuild(GUILD, 'Main', 'member'), discordGuild(OTHER_GUILD, 'Other', 'member')],
    });
    const otherManager = await signInWithDiscord({
      id: did(4),
      username: 'othermanager',
      guilds: [discordGuild(OTHER_GUILD, 'Other', 'owner')],
    });
    const muleId = (await mule.json('GET', '/api/user')).body.id;
    await forgetSyncJobsOf(did(3));

    const vouched = await manager.json('PATCH', `/api/users/${muleId}/verify`, {
      robloxId: ADMIN,
      robloxUsername: `Admin${run}`,
    });
    expect(vouched.status).toBe(200);
    expect(vouched.body).toMatchObject({
      message: 'User verified successfully',
      user: { id: muleId, isVerified: true, isProven: false, robloxId: ADMIN },
    });

    // The vouch is not the mule's link: no group, no workspace, no activity key.
    expect((await mule.json('GET', '/api/user')).body).toMatchObject({ isVerified: false, robloxId: null });
    const connect = await mule.json('POST', '/api/roblox/groups/connect', { groupId: GROUP });
    expect(connect.status).toBe(403);
    expect(connect.body.message).toContain('Roblox account not linked');
    expect((await mule.json('GET', `/api/roblox/groups/${GROUP}/settings`)).status).toBe(403);

    // Another server the mule is in knows nothing of it.
    const elsewhere = (await otherManager.json('GET', '/api/users')).body;
    expect(elsewhere).toContainEqual(expect.objectContaining({ id: muleId, isVerified: false, robloxId: null }));

    // Role sync: the vouched account counts in the vouching server only, and only that server's sync is queued.
    const accounts = new MikroOrmLinkedAccounts(api.orm);
    expect(await accounts.byDiscordId(did(3), GUILD)).toEqual({
      robloxId: null,
      robloxUsername: null,
      isVerified: false,
      vouchedRobloxId: ADMIN,
      isBanned: false,
      bannedReason: null,
    });
    expect((await accounts.byDiscordId(did(3), OTHER_GUILD))?.vouchedRobloxId).toBeNull();
    expect(await syncJobsOf(did(3))).toEqual([
      { name: roleSyncQueueName(shardOf(GUILD, 1)), data: { guildId: GUILD, discordUserId: did(3) } },
    ]);
  });
});

describe('F2: Roblox sign-in while signed out never enters an unproven claim', () => {
  it('signs the victim into their own new account and releases the attacker’s claim, leaving the attacker the rest', async () => {
    const attacker = await signInWithDiscord({ id: did(5), username: 'attacker', guilds: [] });
    await linkAndProve(attacker, ATTACKER);
    const claimed = await attacker.json('POST', '/api/user/link-roblox', { username: `Victim${run}` });
    expect(claimed.body).toMatchObject({ robloxId: VICTIM, isVerified: false });
    expect((await me(attacker)).pendingClaim).toMatchObject({ robloxId: VICTIM });
    const attackerId = (await attacker.json('GET', '/api/user')).body.id;

    const victim = new CustomerBrowser(api.url);
    roblox.oauthUserId = VICTIM;
    expect(await victim.signInWithRoblox()).toBe('/roblox-login?success=true');
    const signedIn = (await victim.json('GET', '/api/user')).body;
    expect(signedIn.id).not.toBe(attackerId);
    expect(signedIn).toMatchObject({ robloxId: VICTIM, isVerified: true, discordId: null });

    expect(await me(attacker)).toMatchObject({ robloxId: ATTACKER, isVerified: true, pendingClaim: null });
  });
});

describe('F3: a second account waits beside the first until proven', () => {
  it('typing, asking for a code and cancelling leaves the first link, its roles and groups, and queues no sync', async () => {
    const member = await signInWithDiscord({ id: did(6), username: 'twoaccounts', guilds: [] });
    await linkAndProve(member, FIRST);
    const before = await me(member);
    expect(before).toMatchObject({ robloxId: FIRST, isVerified: true, currentRoles: [`Abuse Group ${run}: Member`] });
    await forgetSyncJobsOf(did(6));

    expect((await member.json('POST', '/api/user/link-roblox', { username: `Second${run}` })).status).toBe(200);
    const code = await member.json('POST', '/api/user/roblox/verification-code', { length: 8 });
    expect(code.status).toBe(200);
    expect(await me(member)).toMatchObject({
      robloxId: FIRST,
      isVerified: true,
      currentRoles: before.currentRoles,
      pendingClaim: { robloxId: SECOND },
    });
    expect((await member.json('GET', '/api/roblox/user/groups')).body).toEqual([
      expect.objectContaining({ groupId: GROUP }),
    ]);

    const cancelled = await member.json('DELETE', '/api/user/roblox/claim');
    expect(cancelled).toEqual({ status: 200, body: { message: 'Pending Roblox account cancelled' } });
    expect(await me(member)).toEqual({ ...before, pendingClaim: null });
    expect(await syncJobsOf(did(6))).toEqual([]);
    // The cancelled claim's code proves nothing any more.
    roblox.users.get(SECOND)!.description = code.body.code;
    expect((await member.json('POST', '/api/user/roblox/verify-code', { code: code.body.code })).status).toBe(400);
    expect((await me(member)).robloxId).toBe(FIRST);
  });

  it('switches to the second account only once it is proven, then re-syncs the roles', async () => {
    const member = await signInWithDiscord({ id: did(7), username: 'switcher', guilds: [] });
    const third = roblox.addUser({ id: rid(6), name: `Third${run}` });
    const fourth = roblox.addUser({ id: rid(7), name: `Fourth${run}` });
    await linkAndProve(member, third.id);
    await forgetSyncJobsOf(did(7));
    await linkAndProve(member, fourth.id);
    expect(await me(member)).toMatchObject({ robloxId: fourth.id, isVerified: true, pendingClaim: null });
    expect((await syncJobsOf(did(7))).map((job) => job.name)).toEqual([userSyncQueueName(0)]);
  });
});

describe('F4: group management trusts only a fresh rank', () => {
  it('refuses an admin removed in Roblox (activity key read or rotate), and fails closed with 503 while Roblox is down', async () => {
    const admin = await signInWithDiscord({ id: did(8), username: 'groupadmin', guilds: [] });
    await linkAndProve(admin, ADMIN);
    expect((await admin.json('POST', '/api/roblox/groups/connect', { groupId: GROUP })).status).toBe(201);
    expect((await admin.json('GET', `/api/roblox/groups/${GROUP}/settings`)).status).toBe(200);
    expect((await admin.json('GET', `/api/roblox/groups/${GROUP}/stats`)).status).toBe(200);

    roblox.memberships.get(ADMIN)!.delete(GROUP);
    const rotate = await admin.json('PUT', `/api/roblox/groups/${GROUP}/settings`, { rotateActivityKey: true });
    expect(rotate.status).toBe(403);
    expect((await admin.json('GET', `/api/roblox/groups/${GROUP}/settings`)).status).toBe(403);
    const apply = await admin.json('POST', `/api/roblox/groups/${GROUP}/applications`, {
      applicantName: 'Someone',
      desiredRank: 'Member',
    });
    expect(apply.status).toBe(403);

    roblox.join(ADMIN, GROUP, OWNER_ROLE);
    roblox.fail({ status: 503, times: 100, pathIncludes: `/users/${ADMIN}/groups/roles` });
    try {
      const down = await admin.json('PUT', `/api/roblox/groups/${GROUP}/settings`, { rotateActivityKey: true });
      expect(down.status).toBe(503);
      expect(down.body.message).toContain('cannot be reached to confirm your rank');
      // Stored workspace data stays readable from the cached membership.
      expect((await admin.json('GET', `/api/roblox/groups/${GROUP}/stats`)).status).toBe(200);
    } finally {
      roblox.faults.splice(0);
    }
    expect((await admin.json('PUT', `/api/roblox/groups/${GROUP}/settings`, { rotateActivityKey: true })).status).toBe(
      200,
    );
  });
});

describe('a manager list Discord cannot refresh stops writes once it is older than its cache time', () => {
  it('answers 503 to a server config save and a vouch, while reads still use the stored list', async () => {
    const owner = await signInWithDiscord({
      id: did(9),
      username: 'staleowner',
      guilds: [discordGuild(OTHER_GUILD, 'Other', 'owner')],
    });
    const member = await signInWithDiscord({
      id: did(10),
      username: 'stalemember',
      guilds: [discordGuild(OTHER_GUILD, 'Other', 'member')],
    });
    const memberId = (await member.json('GET', '/api/user')).body.id;
    const config = `/api/discord/servers/${OTHER_GUILD}/config`;
    expect((await owner.json('GET', config)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, GUILDS_CACHE_MS + 100));
    discord.guildsDown = true;
    try {
      const save = await owner.json('POST', config, SERVER_CONFIG);
      expect(save.status).toBe(503);
      expect(save.body.message).toContain('Discord cannot be reached');
      const vouch = await owner.json('PATCH', `/api/users/${memberId}/verify`, {
        robloxId: rid(9),
        robloxUsername: 'Someone',
      });
      expect(vouch.status).toBe(503);
      expect((await owner.json('GET', config)).status).toBe(200);
    } finally {
      discord.guildsDown = false;
    }
    expect((await owner.json('POST', config, SERVER_CONFIG)).status).toBe(200);
  });
});
