/**
 * The Discord server calls over HTTP against real PostgreSQL: customers sign in through grant against a fake
 * Discord on loopback (DISCORD_BASE_URL) that also answers their guilds; the bot's state is written through
 * MikroOrmBotState exactly as the bot process writes it. Every 2xx answer is checked against its endpoint's schema.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MikroOrmBotState } from '@groupflow/adapters/persistence/discord/MikroOrmBotState';
import { MikroOrmRoleProblemLog } from '@groupflow/adapters/persistence/discord/MikroOrmRoleProblemLog';
import { MikroOrmGuildDirectory } from '@groupflow/adapters/persistence/discord/MikroOrmGuildDirectory';
import { MikroOrmServerSyncRuns } from '@groupflow/adapters/persistence/discord/MikroOrmServerSyncRuns';
import type { GuildRole, GuildSnapshot } from '@groupflow/core';
import { shardOf } from '@groupflow/adapters/jobs/PgBossRoleSyncQueue';
import { serverSyncQueueName } from '@groupflow/adapters/jobs/PgBossServerSyncQueue';
import { GroupMember } from '@groupflow/adapters/persistence/entities/index';
import { FakeRobloxServer } from '@groupflow/adapters/testing/FakeRobloxServer';
import { startTestApi, type TestApi } from './apiHarness.ts';
import { CookieBrowser } from './cookieBrowser.ts';
import { FakeDiscordOAuth, discordGuild, type FakeDiscordUser } from './fakeDiscordOAuth.ts';

const body = async (response: Response | Promise<Response>): Promise<any> => (await (await response).json()) as unknown;

let discord: FakeDiscordOAuth;
let roblox: FakeRobloxServer;
let api: TestApi;
let bot: MikroOrmBotState;
let run = 0;

const ids = () => {
  run += 1;
  const base = `${Date.now()}${run}`.slice(-12);
  return {
    owner: `1${base}1`,
    manager: `1${base}2`,
    member: `1${base}3`,
    stranger: `1${base}4`,
    guild: `9${base}1`,
    other: `9${base}2`,
    noBot: `9${base}3`,
  };
};

beforeAll(async () => {
  discord = new FakeDiscordOAuth();
  await discord.start();
  roblox = new FakeRobloxServer();
  await roblox.start();
  api = await startTestApi({
    ROBLOX_API_BASE: roblox.apiBase,
    DISCORD_CLIENT_ID: '4242',
    DISCORD_CLIENT_SECRET: 'fake-secret',
    DISCORD_BASE_URL: discord.url,
    DISCORD_BOT_TOKEN: 'bot-token',
    OAUTH_TIMEOUT_MS: '3000',
  });
  bot = new MikroOrmBotState(api.orm);
});

afterAll(async () => {
  await api?.close();
  await discord?.stop();
  await roblox?.stop();
});

beforeEach(async () => {
  await api.orm.em
    .fork()
    .getConnection()
    .execute('truncate bot_shards, bot_guilds, bot_command_usage, bot_role_problems');
});

async function signIn(user: FakeDiscordUser): Promise<CookieBrowser> {
  const browser = new CookieBrowser(api.url);
  const start = await browser.get('/auth/discord');
  const state = new URL(start.headers.get('location')!).searchParams.get('state');
  const callback = await browser.get(`/auth/discord/callback?code=${discord.codeFor(user)}&state=${state}`);
  expect(callback.headers.get('location')).toBe('/auth-success');
  return browser;
}

/** The bot online (heartbeat now) in these guilds. */
async function botIn(guilds: { id: string; name: string; memberCount?: number }[], heartbeatAt = new Date()) {
  await bot.reportOnline({ shardId: 0, botUserId: '777', botName: 'GroupFlow' }, heartbeatAt);
  await bot.replaceGuilds(
    0,
    guilds.map((guild) => ({
      id: guild.id,
      name: guild.name,
      icon: null,
      memberCount: guild.memberCount ?? 50,
      joinedAt: new Date('2026-11-01T12:00:00Z'),
    })),
  );
}

const role = (id: string, name: string, position: number, extra: Partial<GuildRole> = {}): GuildRole => ({
  id,
  name,
  position,
  managed: false,
  colour: 0,
  permissions: [],
  ...extra,
});

/** The guild's roles and channels as the bot records them (MikroOrmGuildDirectory, as the bot process writes it). */
function mainHall(guildId: string): GuildSnapshot {
  const r = (n: number) => `${guildId}${n}`;
  return {
    id: guildId,
    name: 'Main Hall',
    ownerId: '1',
    roles: [
      role(guildId, '@everyone', 0),
      role(r(1), 'Mods', 3, { colour: 0x2ecc71 }),
      role(r(2), 'Helpers', 2),
      role(r(3), 'Admins', 4, { permissions: ['Administrator'] }),
      role(r(4), 'Twin', 1),
      role(r(5), 'twin', 1),
      role(r(6), 'GroupFlow', 10, { managed: true, permissions: ['ManageRoles'] }),
      role(r(7), 'Owners', 12),
      role(r(8), 'Officer', 5),
    ],
    channels: [
      { id: r(11), name: 'bot-log', type: 'text' },
      { id: r(12), name: 'mod-log', type: 'text' },
      { id: r(13), name: 'lobby', type: 'voice' },
    ],
    botHighestPosition: 10,
    botPermissions: ['ManageRoles', 'ManageNicknames'],
  };
}

/** An owner, a manager and a plain member of one guild the bot is in, plus a stranger to it. */
async function community() {
  const id = ids();
  const owner = await signIn({
    id: id.owner,
    username: 'owner',
    guilds: [discordGuild(id.guild, 'Main Hall', 'owner'), discordGuild(id.noBot, 'Quiet Place', 'owner')],
  });
  const manager = await signIn({
    id: id.manager,
    username: 'manager',
    guilds: [discordGuild(id.guild, 'Main Hall', 'manager')],
  });
  const member = await signIn({
    id: id.member,
    username: 'member',
    avatar: 'a_abc',
    guilds: [discordGuild(id.guild, 'Main Hall', 'member')],
  });
  const stranger = await signIn({
    id: id.stranger,
    username: 'stranger',
    guilds: [discordGuild(id.other, 'Elsewhere', 'owner')],
  });
  await botIn([
    { id: id.guild, name: 'Main Hall', memberCount: 120 },
    { id: id.other, name: 'Elsewhere' },
  ]);
  await new MikroOrmGuildDirectory(api.orm).record(mainHall(id.guild));
  return { id, owner, manager, member, stranger };
}

const VALID_CONFIG = {
  moderationEnabled: false,
  verificationEnabled: true,
  groupBindingEnabled: true,
  autoRoleSync: true,
  moderatorRoles: ' Mods , , Helpers ',
  adminRoles: ['Admins', ' '],
  boundGroupId: '15567637',
  logChannel: 'bot-log',
  moderationLogChannel: 'mod-log',
};

describe('Discord application calls', () => {
  it('answers the client id and an invite for exactly the listed permissions (never Administrator) and both scopes on DISCORD_BASE_URL', async () => {
    expect(await body(fetch(`${api.url}/api/discord/client-id`))).toEqual({ clientId: '4242', configured: true });
    const invite = await body(new CookieBrowser(api.url).get('/api/discord/invite-url'));
    expect(invite.setupRequired).toBe(false);
    const url = new URL(invite.inviteUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${discord.url}/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: '4242',
      // View Channels, Send Messages, Read Message History, Use Slash Commands, Manage Roles, Manage Nicknames,
      // Kick Members, Ban Members, Timeout Members and Manage Messages: bits 10, 11, 16, 31, 28, 27, 1, 2, 40, 13.
      permissions: '1102061841414',
      scope: 'bot applications.commands',
    });
    expect(BigInt(url.searchParams.get('permissions')!) & 8n).toBe(0n);
  });

  it('asks for setup, and reports no token and sign-in unconfigured, without the application settings', async () => {
    const bare = await startTestApi({ DISCORD_CLIENT_ID: '', DISCORD_CLIENT_SECRET: '', DISCORD_BOT_TOKEN: '' });
    try {
      const browser = new CookieBrowser(bare.url);
      expect(await body(browser.get('/api/discord/client-id'))).toEqual({ clientId: null, configured: false });
      expect(await body(browser.get('/api/discord/invite-url'))).toEqual({ inviteUrl: null, setupRequired: true });
      expect((await body(browser.get('/api/discord/bot-status'))).hasToken).toBe(false);
      expect((await body(browser.get('/api/test-discord-config'))).discordConfigured).toBe(false);
    } finally {
      await bare.close();
    }
    const idOnly = await startTestApi({ DISCORD_CLIENT_ID: '4242', DISCORD_CLIENT_SECRET: '' });
    try {
      expect((await body(new CookieBrowser(idOnly.url).get('/api/test-discord-config'))).discordConfigured).toBe(false);
    } finally {
      await idOnly.close();
    }
    expect((await body(new CookieBrowser(api.url).get('/api/test-discord-config'))).discordConfigured).toBe(true);
  });
});

describe('GET /api/discord/bot-status', () => {
  it('is online while the heartbeat is fresh, counts every guild and names only those the caller manages', async () => {
    const { id, owner, member } = await community();
    const status = await body(owner.get('/api/discord/bot-status'));
    expect(status).toEqual({
      hasToken: true,
      isOnline: true,
      guildCount: 2,
      connectedServers: [{ id: id.guild, name: 'Main Hall', memberCount: 120 }],
    });
    expect((await body(member.get('/api/discord/bot-status'))).connectedServers).toEqual([]);
    expect((await body(fetch(`${api.url}/api/discord/bot-status`))).connectedServers).toEqual([]);
  });

  it('is offline once the last heartbeat is older than the setting (30 s), and after a clean shutdown', async () => {
    await botIn([], new Date(Date.now() - 31_000));
    expect((await body(fetch(`${api.url}/api/discord/bot-status`))).isOnline).toBe(false);
    await bot.heartbeat(0, new Date());
    expect((await body(fetch(`${api.url}/api/discord/bot-status`))).isOnline).toBe(true);
    await bot.reportOffline(0, new Date());
    expect((await body(fetch(`${api.url}/api/discord/bot-status`))).isOnline).toBe(false);
  });
});

describe('GET /api/user/servers', () => {
  it("lists the caller's managed guilds that have the bot, joined with state, usage and configuration", async () => {
    const { id, owner, manager, member } = await community();
    await bot.countCommandUse(id.guild, new Date());
    await bot.countCommandUse(id.guild, new Date());
    const servers = await body(owner.get('/api/user/servers'));
    expect(servers).toEqual([
      {
        id: id.guild,
        name: 'Main Hall',
        icon: null,
        memberCount: 120,
        onlineMembers: 12,
        isOnline: true,
        userRole: 'Owner',
        botJoinedAt: '2026-11-01T12:00:00.000Z',
        commandsUsed24h: 2,
        features: ['Verification', 'Moderation', 'Group Binding'],
        permissions: expect.arrayContaining(['Administrator', 'Manage Server', 'Manage Roles']),
      },
    ]);
    expect(
      (await body(manager.get('/api/user/servers'))).map((server: { userRole: string }) => server.userRole),
    ).toEqual(['Manager']);
    expect(await body(member.get('/api/user/servers'))).toEqual([]);
    expect(discord.guildRequests.at(-1)?.searchParams.get('with_counts')).toBe('true');
  });

  it('keeps the Discord tokens encrypted server-side and refreshes an expiring one with the stored refresh token', async () => {
    const id = ids();
    const browser = await signIn({
      id: id.owner,
      username: 'refresher',
      guilds: [discordGuild(id.guild, 'Main Hall', 'owner')],
    });
    await botIn([{ id: id.guild, name: 'Main Hall' }]);
    const sql = api.orm.em.fork().getConnection();
    const rows = await sql.execute<{ access_token: string; refresh_token: string }[]>(
      'select g.access_token, g.refresh_token from discord_oauth_grants g join users u on u.id = g.user_id where u.discord_id = ?',
      [id.owner],
    );
    expect(rows[0]?.access_token).toMatch(/^v1\./);
    expect(`${rows[0]?.access_token}${rows[0]?.refresh_token}`).not.toMatch(/at-|rt-/);

    // The access token now expires within the refresh margin, and the stored guild list is older than its cache time.
    const owner = '(select id from users where discord_id = ?)';
    await sql.execute(
      `update discord_oauth_grants set expires_at = now() + interval '1 minute' where user_id = ${owner}`,
      [id.owner],
    );
    await sql.execute(
      `update customer_guild_fetches set fetched_at = now() - interval '1 hour' where user_id = ${owner}`,
      [id.owner],
    );
    const before = discord.refreshForms.length;
    expect((await body(browser.get('/api/user/servers'))).map((server: { id: string }) => server.id)).toEqual([
      id.guild,
    ]);
    expect(discord.refreshForms).toHaveLength(before + 1);
    const form = discord.refreshForms[before];
    expect(form?.get('refresh_token')).toMatch(/^rt-/);
    expect(form?.get('client_id')).toBe('4242');
    expect(form?.get('client_secret')).toBe('fake-secret');
    expect(JSON.stringify(await body(browser.get('/api/debug')))).not.toMatch(/at-|rt-/);
  });

  it('forgets what a customer managed once Discord revokes their grant', async () => {
    const id = ids();
    const browser = await signIn({
      id: id.owner,
      username: 'revoked',
      guilds: [discordGuild(id.guild, 'Main Hall', 'owner')],
    });
    await botIn([{ id: id.guild, name: 'Main Hall' }]);
    await api.orm.em
      .fork()
      .getConnection()
      .execute(
        "update customer_guild_fetches set fetched_at = now() - interval '1 hour' where user_id = (select id from users where discord_id = ?)",
        [id.owner],
      );
    discord.revoke(id.owner);
    expect(await body(browser.get('/api/user/servers'))).toEqual([]);
    expect((await browser.get(`/api/discord/servers/${id.guild}/config`)).status).toBe(403);
  });
});

describe('server configuration', () => {
  it('answers the spec defaults, saves the dialog object with lists trimmed and empty entries dropped, and reads it back', async () => {
    const { id, owner, manager } = await community();
    const r = (n: number) => `${id.guild}${n}`;
    const first = await body(owner.get(`/api/discord/servers/${id.guild}/config`));
    const { roles, channels, ...config } = first;
    expect(config).toEqual({
      moderationEnabled: true,
      verificationEnabled: true,
      groupBindingEnabled: true,
      autoRoleSync: false,
      moderatorRoles: [],
      adminRoles: [],
      boundGroupId: '',
      logChannel: '',
      moderationLogChannel: '',
      sessionsChannel: '',
      rankBinds: [],
      verificationRoleId: '',
      unverifiedRoleId: '',
      nicknameFormat: '{roblox-name}',
      verificationChannelId: '',
      bypassRoleIds: [],
    });
    // The server's roles as the bot sees them, highest first, without @everyone.
    expect(roles.map((entry: { name: string }) => entry.name)).toEqual([
      'Owners',
      'GroupFlow',
      'Officer',
      'Admins',
      'Mods',
      'Helpers',
      'Twin',
      'twin',
    ]);
    expect(roles.find((entry: { name: string }) => entry.name === 'Mods')).toEqual({
      id: r(1),
      name: 'Mods',
      position: 3,
      colour: 0x2ecc71,
      managed: false,
      elevated: false,
      assignable: true,
      problem: null,
    });
    expect(roles.find((entry: { name: string }) => entry.name === 'Admins')).toMatchObject({ elevated: true });
    expect(roles.find((entry: { name: string }) => entry.name === 'Owners')).toMatchObject({
      assignable: false,
      problem: expect.stringContaining("at or above the bot's highest role"),
    });
    expect(roles.find((entry: { name: string }) => entry.name === 'GroupFlow')).toMatchObject({
      managed: true,
      assignable: false,
    });
    expect(channels).toEqual([
      { id: r(11), name: 'bot-log', type: 'text' },
      { id: r(12), name: 'mod-log', type: 'text' },
      { id: r(13), name: 'lobby', type: 'voice' },
    ]);
    const saved = await owner.send('POST', `/api/discord/servers/${id.guild}/config`, VALID_CONFIG);
    expect(saved.status).toBe(200);
    // Names that one role (channel) has are stored as its id.
    const expected = {
      ...VALID_CONFIG,
      moderatorRoles: [r(1), r(2)],
      adminRoles: [r(3)],
      logChannel: r(11),
      moderationLogChannel: r(12),
      sessionsChannel: '',
      rankBinds: [],
      verificationRoleId: '',
      unverifiedRoleId: '',
      nicknameFormat: '{roblox-name}',
      verificationChannelId: '',
      bypassRoleIds: [],
      roles,
      channels,
    };
    expect(await body(saved)).toEqual(expected);
    expect(await body(manager.get(`/api/discord/servers/${id.guild}/config`))).toEqual(expected);
    const servers = await body(owner.get('/api/user/servers'));
    expect(servers[0].features).toEqual(['Verification', 'Group Binding', 'Auto Role Sync']);
  });

  it('answers 403 to a member who does not manage the guild and to a stranger, and writes nothing', async () => {
    const { id, owner, member, stranger } = await community();
    for (const browser of [member, stranger]) {
      expect((await browser.get(`/api/discord/servers/${id.guild}/config`)).status).toBe(403);
      const post = await browser.send('POST', `/api/discord/servers/${id.guild}/config`, VALID_CONFIG);
      expect(post.status).toBe(403);
      expect(await body(post)).toEqual({ code: 'SERVERS.NOT_MANAGER', message: 'You do not manage this server' });
    }
    expect((await body(owner.get(`/api/discord/servers/${id.guild}/config`))).boundGroupId).toBe('');
  });

  it('answers 400 with issues naming each bad field, and writes nothing', async () => {
    const { id, owner } = await community();
    const bad = await owner.send('POST', `/api/discord/servers/${id.guild}/config`, {
      ...VALID_CONFIG,
      moderationEnabled: 'yes',
      boundGroupId: 'abc',
      logChannel: 'x'.repeat(101),
      adminRoles: undefined,
    });
    expect(bad.status).toBe(400);
    const answer = await body(bad);
    expect(answer.message).toBe('Invalid request');
    expect(answer.issues.map((issue: { path: string[] }) => issue.path[0]).sort()).toEqual([
      'adminRoles',
      'boundGroupId',
      'logChannel',
      'moderationEnabled',
    ]);
    expect((await owner.send('POST', '/api/discord/servers/not-a-guild/config', VALID_CONFIG)).status).toBe(400);
    expect((await body(owner.get(`/api/discord/servers/${id.guild}/config`))).boundGroupId).toBe('');
  });

  it('answers 400 naming a role or channel name that matches none or several, and writes nothing', async () => {
    const { id, owner } = await community();
    const bad = await owner.send('POST', `/api/discord/servers/${id.guild}/config`, {
      ...VALID_CONFIG,
      moderatorRoles: ['Mods', 'twin', 'Ghosts'],
      logChannel: 'lobby',
      moderationLogChannel: '#nowhere',
    });
    expect(bad.status).toBe(400);
    const answer = await body(bad);
    expect(answer.issues).toEqual([
      { path: ['moderatorRoles', 1], message: '2 roles are named "twin"; choose one of them by id' },
      { path: ['moderatorRoles', 2], message: 'No role named "Ghosts" in this server' },
      { path: ['logChannel'], message: 'No text channel named "lobby" in this server' },
      { path: ['moderationLogChannel'], message: 'No text channel named "#nowhere" in this server' },
    ]);
    expect((await body(owner.get(`/api/discord/servers/${id.guild}/config`))).moderatorRoles).toEqual([]);
    // One of the twins by id is fine.
    const byId = await owner.send('POST', `/api/discord/servers/${id.guild}/config`, {
      ...VALID_CONFIG,
      moderatorRoles: [`${id.guild}5`],
    });
    expect((await body(byId)).moderatorRoles).toEqual([`${id.guild}5`]);
  });

  it('saves rank binds by role id or unique name, and F5: refuses a bind to an elevated role without allowElevated', async () => {
    const { id, owner } = await community();
    const path = `/api/discord/servers/${id.guild}/config`;
    const binds = [
      { rankId: 1, roleId: 'Helpers' },
      { rankId: 100, roleId: `${id.guild}8` },
    ];
    const saved = await owner.send('POST', path, { ...VALID_CONFIG, rankBinds: binds });
    expect((await body(saved)).rankBinds).toEqual([
      { rankId: 1, roleId: `${id.guild}2` },
      { rankId: 100, roleId: `${id.guild}8` },
    ]);

    const elevated = await owner.send('POST', path, {
      ...VALID_CONFIG,
      rankBinds: [...binds, { rankId: 255, roleId: 'Admins' }],
    });
    expect(elevated.status).toBe(400);
    expect((await body(elevated)).issues).toEqual([
      {
        path: ['rankBinds', 2, 'roleId'],
        message: expect.stringMatching(/^"Admins" has Administrator: binding it to rank 255 .*allowElevated: true/),
      },
    ]);
    expect((await body(owner.get(path))).rankBinds).toHaveLength(2);

    const confirmed = await owner.send('POST', path, {
      ...VALID_CONFIG,
      rankBinds: [...binds, { rankId: 255, roleId: 'Admins' }],
      allowElevated: true,
    });
    expect((await body(confirmed)).rankBinds).toContainEqual({ rankId: 255, roleId: `${id.guild}3` });
    // Saving again without the flag keeps the bind that was confirmed; only new elevated binds ask again.
    const again = await owner.send('POST', path, {
      ...VALID_CONFIG,
      rankBinds: (await body(owner.get(path))).rankBinds,
    });
    expect(again.status).toBe(200);

    const twice = await owner.send('POST', path, {
      ...VALID_CONFIG,
      rankBinds: [
        { rankId: 5, roleId: 'Mods' },
        { rankId: 5, roleId: 'Helpers' },
      ],
    });
    expect((await body(twice)).issues).toEqual([
      { path: ['rankBinds', 1, 'rankId'], message: 'Rank 5 is bound twice; a rank gives one role' },
    ]);
    const managed = await owner.send('POST', path, {
      ...VALID_CONFIG,
      rankBinds: [{ rankId: 5, roleId: 'GroupFlow' }],
    });
    expect((await body(managed)).issues[0].message).toContain('managed by an integration');
  });

  it("refuses names before the bot has reported the server's roles, but saves what is already stored", async () => {
    const { id, owner } = await community();
    await api.orm.em.fork().getConnection().execute('delete from bot_guild_directory where guild_id = ?', [id.guild]);
    const answer = await body(owner.send('POST', `/api/discord/servers/${id.guild}/config`, VALID_CONFIG));
    expect(answer.issues[0].message).toBe(
      'No role named "Mods" in this server (the bot has not reported this server\'s roles and channels yet: start the bot, then try again)',
    );
    const plain = await owner.send('POST', `/api/discord/servers/${id.guild}/config`, {
      ...VALID_CONFIG,
      moderatorRoles: [],
      adminRoles: [],
      logChannel: '',
      moderationLogChannel: '',
    });
    expect(plain.status).toBe(200);
    expect(await body(plain)).toMatchObject({ roles: [], channels: [], autoRoleSync: true });
  });
});

describe('/api/discord/servers/:id/sync (server-wide role sync)', () => {
  const queuedJobs = async (guildId: string) =>
    api.orm.em
      .fork()
      .getConnection()
      .execute<{ data: { guildId: string } }[]>(
        "select data from pgboss.job where name = ? and data->>'guildId' = ? and state in ('created', 'retry')",
        [serverSyncQueueName(shardOf(guildId, 1)), guildId],
      );

  it('starts one for a manager (one job per server however often asked), shows its progress, and cancels it', async () => {
    const { id, owner, manager } = await community();
    expect(await body(owner.get(`/api/discord/servers/${id.guild}/sync`))).toEqual({
      state: 'idle',
      runId: null,
      total: 0,
      visited: 0,
      changed: 0,
      unchanged: 0,
      failed: 0,
      startedAt: null,
      finishedAt: null,
      estimatedSecondsLeft: null,
    });
    const started = await owner.send('POST', `/api/discord/servers/${id.guild}/sync`);
    expect(started.status).toBe(202);
    expect(await body(started)).toMatchObject({ state: 'running', runId: 1, visited: 0, finishedAt: null });
    // Another manager's start joins the running one.
    expect((await manager.send('POST', `/api/discord/servers/${id.guild}/sync`)).status).toBe(200);
    expect((await queuedJobs(id.guild)).map((job) => job.data)).toEqual([{ guildId: id.guild }]);
    expect(await body(manager.get(`/api/discord/servers/${id.guild}/sync`))).toMatchObject({ state: 'running' });

    const cancelled = await owner.send('DELETE', `/api/discord/servers/${id.guild}/sync`);
    expect(cancelled.status).toBe(200);
    expect(await body(cancelled)).toMatchObject({ state: 'cancelled', estimatedSecondsLeft: 0 });
    expect((await body(owner.get(`/api/discord/servers/${id.guild}/sync`))).finishedAt).not.toBeNull();
  });

  it('answers 8 quick starts with one run (202, then 200s of the same run), and begins at most 6 an hour', async () => {
    const { id, owner } = await community();
    const start = () => owner.send('POST', `/api/discord/servers/${id.guild}/sync`);
    const quick = await Promise.all(Array.from({ length: 8 }, start));
    expect(quick.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 202]);
    const answers = await Promise.all(quick.map(body));
    expect(new Set(answers.map((answer) => answer.runId)).size).toBe(1);
    expect(answers.every((answer) => answer.state === 'running')).toBe(true);
    expect(await queuedJobs(id.guild)).toHaveLength(1);

    // The bot finishes each run, as RunServerSync ends one at the last member; each later start begins a new one.
    const runs = new MikroOrmServerSyncRuns(api.orm);
    const finish = async () => {
      const run = (await runs.claim(id.guild, 'bot'))!;
      expect(await runs.checkpoint({ ...run, state: 'done', finishedAt: new Date() }, 'bot')).toBe(true);
    };
    for (let begun = 2; begun <= 6; begun++) {
      await finish();
      const next = await start();
      expect(next.status).toBe(202);
      expect(await body(next)).toMatchObject({ state: 'running', runId: begun });
    }
    await finish();
    const refused = await start();
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await body(refused)).toEqual({
      code: 'SERVERS.TOO_MANY_SYNC_STARTS',
      message: expect.stringMatching(/You can start another update in 60 minutes\.$/),
    });
    expect(await body(owner.get(`/api/discord/servers/${id.guild}/sync`))).toMatchObject({ state: 'done', runId: 6 });
  });

  it('starts one when a manager changes what roles or nicknames follow, not for other settings', async () => {
    const { id, owner } = await community();
    await owner.send('POST', `/api/discord/servers/${id.guild}/config`, { ...VALID_CONFIG, boundGroupId: '' });
    expect((await body(owner.get(`/api/discord/servers/${id.guild}/sync`))).state).toBe('idle');
    await owner.send('POST', `/api/discord/servers/${id.guild}/config`, VALID_CONFIG);
    expect((await body(owner.get(`/api/discord/servers/${id.guild}/sync`))).state).toBe('running');
    expect(await queuedJobs(id.guild)).toHaveLength(1);
  });

  it('refuses a member without Manage Server and a stranger: they can neither see, start nor cancel it', async () => {
    const { id, owner, member, stranger } = await community();
    await owner.send('POST', `/api/discord/servers/${id.guild}/sync`);
    for (const browser of [member, stranger]) {
      expect((await browser.get(`/api/discord/servers/${id.guild}/sync`)).status).toBe(403);
      expect((await browser.send('POST', `/api/discord/servers/${id.guild}/sync`)).status).toBe(403);
      const cancel = await browser.send('DELETE', `/api/discord/servers/${id.guild}/sync`);
      expect(cancel.status).toBe(403);
      expect(await body(cancel)).toEqual({ code: 'SERVERS.NOT_MANAGER', message: 'You do not manage this server' });
    }
    // The stranger's own server does not reach this one either.
    expect((await stranger.send('DELETE', `/api/discord/servers/${id.other}/sync`)).status).toBe(200);
    expect(await body(owner.get(`/api/discord/servers/${id.guild}/sync`))).toMatchObject({ state: 'running' });
    expect((await owner.send('POST', '/api/discord/servers/not-a-guild/sync')).status).toBe(400);
  });
});

describe('the verification list', () => {
  it("lists the signed-in members of the caller's managed guilds, without emails", async () => {
    const { id, owner, member, stranger } = await community();
    const users = await body(owner.get('/api/users'));
    expect(users.map((user: { discordId: string }) => user.discordId)).toEqual([id.owner, id.manager, id.member]);
    expect(users[2]).toMatchObject({
      username: 'member',
      avatar: 'a_abc',
      isVerified: false,
      isOnline: true,
      robloxUsername: null,
    });
    expect(JSON.stringify(users)).not.toContain('@example.test');
    expect(await body(member.get('/api/users'))).toEqual([]);
    expect((await body(stranger.get('/api/users'))).map((user: { discordId: string }) => user.discordId)).toEqual([
      id.stranger,
    ]);
  });

  it('verifies a member of a managed guild, refusing others, bad input and a Roblox account linked elsewhere', async () => {
    const { id, owner, member, stranger } = await community();
    const users = await body(owner.get('/api/users'));
    const memberId = users.find((user: { discordId: string }) => user.discordId === id.member).id;
    const strangerId = (await body(stranger.get('/api/users')))[0].id;

    const bad = await owner.send('PATCH', `/api/users/${memberId}/verify`, { robloxId: 'abc', robloxUsername: '' });
    expect(bad.status).toBe(400);
    expect((await body(bad)).issues.map((issue: { path: string[] }) => issue.path[0]).sort()).toEqual([
      'robloxId',
      'robloxUsername',
    ]);
    expect(
      (await owner.send('PATCH', `/api/users/${strangerId}/verify`, { robloxId: '1', robloxUsername: 'Someone' }))
        .status,
    ).toBe(403);
    expect(
      (await member.send('PATCH', `/api/users/${memberId}/verify`, { robloxId: '1', robloxUsername: 'Someone' }))
        .status,
    ).toBe(403);
    expect(
      (await owner.send('PATCH', '/api/users/999999999/verify', { robloxId: '1', robloxUsername: 'Someone' })).status,
    ).toBe(404);

    const robloxId = `8${id.member}`;
    const ok = await owner.send('PATCH', `/api/users/${memberId}/verify`, { robloxId, robloxUsername: 'Member_1' });
    expect(ok.status).toBe(200);
    expect(await body(ok)).toMatchObject({
      message: 'User verified successfully',
      user: { id: memberId, isVerified: true, isProven: false, robloxId, robloxUsername: 'Member_1' },
    });
    // Issue 22: a vouch is a fact about the server, never the member's own proven link.
    expect(await body(member.get('/api/user'))).toMatchObject({ isVerified: false, robloxId: null });
    const self = await owner.send('PATCH', `/api/users/${(users[0] as { id: number }).id}/verify`, {
      robloxId: `9${id.owner}`,
      robloxUsername: 'Owner_1',
    });
    expect(self.status).toBe(403);
    expect((await body(self)).message).toBe('You cannot verify your own account');
    await api.orm.em
      .fork()
      .getConnection()
      .execute(
        "update users set roblox_id = ?, roblox_username = 'Proven_1', is_verified = true where discord_id = ?",
        [`7${id.manager}`, id.manager],
      );
    const taken = await owner.send('PATCH', `/api/users/${memberId}/verify`, {
      robloxId: `7${id.manager}`,
      robloxUsername: 'Proven_1',
    });
    expect(taken.status).toBe(409);
  });
});

describe('customer dashboard from the same data', () => {
  it('has one bot card per managed server with the bot, every managed server, and profile figures', async () => {
    const { id, owner } = await community();
    await bot.countCommandUse(id.guild, new Date());
    expect(await body(owner.get('/api/bots'))).toEqual([
      {
        id: id.guild,
        name: 'GroupFlow',
        status: 'online',
        isOnline: true,
        serverId: id.guild,
        serverName: 'Main Hall',
        createdAt: '2026-11-01T12:00:00.000Z',
      },
    ]);
    expect(await body(owner.get('/api/servers'))).toEqual([
      { id: id.guild, name: 'Main Hall', icon: null, memberCount: 120, botConnected: true },
      { id: id.noBot, name: 'Quiet Place', icon: null, memberCount: 40, botConnected: false },
    ]);
    expect((await body(owner.get('/api/user/profile'))).stats).toEqual({
      totalBots: 1,
      activeBots: 1,
      totalCommands: 1,
    });
  });
});

describe('GET /api/discord/role-problems', () => {
  it("serves what the bot recorded for the caller's managed servers only, each server listed even without problems", async () => {
    const { id, owner, manager, member, stranger } = await community();
    const problems = new MikroOrmRoleProblemLog(api.orm);
    await problems.replaceGuildFindings(id.guild, [
      { kind: 'role', targetId: '55', name: 'Leader', reason: "it is at or above the bot's highest role" },
    ]);
    await problems.note(id.guild, [
      { kind: 'member', targetId: id.owner, name: 'owner', reason: 'owner owns the server' },
    ]);
    await problems.note(id.other, [
      {
        kind: 'permission',
        targetId: 'ManageRoles',
        name: 'Manage Roles',
        reason: 'the bot lacks the Manage Roles permission',
      },
    ]);

    const expected = {
      servers: [
        {
          id: id.guild,
          name: 'Main Hall',
          problems: [
            {
              kind: 'role',
              name: 'Leader',
              reason: "it is at or above the bot's highest role",
              notedAt: expect.any(String),
            },
            { kind: 'member', name: 'owner', reason: 'owner owns the server', notedAt: expect.any(String) },
          ],
        },
      ],
    };
    expect(await body(owner.get('/api/discord/role-problems'))).toEqual(expected);
    expect(await body(manager.get('/api/discord/role-problems'))).toEqual(expected);
    expect(await body(member.get('/api/discord/role-problems'))).toEqual({ servers: [] });
    expect(await body(stranger.get('/api/discord/role-problems'))).toEqual({
      servers: [
        {
          id: id.other,
          name: 'Elsewhere',
          problems: [expect.objectContaining({ kind: 'permission', name: 'Manage Roles' })],
        },
      ],
    });
  });
});

describe('signed-out callers', () => {
  it.each([
    ['GET', '/api/user/servers'],
    ['GET', '/api/discord/servers/1/config'],
    ['POST', '/api/discord/servers/1/config'],
    ['GET', '/api/discord/servers/1/sync'],
    ['POST', '/api/discord/servers/1/sync'],
    ['DELETE', '/api/discord/servers/1/sync'],
    ['GET', '/api/users'],
    ['PATCH', '/api/users/1/verify'],
    ['GET', '/api/discord/role-problems'],
  ])('%s %s answers 401 before looking at the input', async (method, path) => {
    const response = await new CookieBrowser(api.url).send(
      method,
      path,
      method === 'GET' ? undefined : { nonsense: true },
    );
    expect(response.status).toBe(401);
  });
});

describe('/api/discord/servers/:id/binds and /restrictions (issue 35)', () => {
  it('reads the rank binds as rank binds, replaces the list, refuses unknown, managed and unconfirmed elevated roles by field, and starts a sync', async () => {
    const { id, owner } = await community();
    const r = (n: number) => `${id.guild}${n}`;
    await owner.send('POST', `/api/discord/servers/${id.guild}/config`, {
      ...VALID_CONFIG,
      rankBinds: [{ rankId: 5, roleId: r(8) }],
    });
    expect(await body(owner.get(`/api/discord/servers/${id.guild}/binds`))).toEqual({
      binds: [{ id: 'rank-5', kind: 'rank', groupId: '15567637', rankId: 5, roleIds: [r(8)] }],
    });
    const refused = await owner.send('PUT', `/api/discord/servers/${id.guild}/binds`, {
      binds: [
        { kind: 'group', groupId: '42', roleIds: [r(2)] },
        { kind: 'verified', roleIds: ['999'] },
        { kind: 'badge', assetId: '7', roleIds: [r(6)] },
        { kind: 'verified', roleIds: [r(3)] },
      ],
    });
    expect(refused.status).toBe(400);
    expect((await body(refused)).issues.map((issue: { path: unknown[] }) => issue.path.join('.'))).toEqual([
      'binds.1.roleIds.0',
      'binds.2.roleIds.0',
      'binds.3.roleIds.0',
    ]);
    const invalid = await owner.send('PUT', `/api/discord/servers/${id.guild}/binds`, {
      binds: [
        { kind: 'rankRange', groupId: '42', minRank: 9, maxRank: 3, roleIds: [r(2)] },
        { kind: 'rank', roleIds: [r(2)] },
      ],
    });
    expect((await body(invalid)).issues.map((issue: { path: unknown[] }) => issue.path.join('.'))).toEqual([
      'binds.0.maxRank',
      'binds.1.groupId',
      'binds.1.rankId',
    ]);
    expect(await body(owner.get(`/api/discord/servers/${id.guild}/binds`))).toMatchObject({
      binds: [{ id: 'rank-5' }],
    });

    const saved = await owner.send('PUT', `/api/discord/servers/${id.guild}/binds`, {
      binds: [
        { kind: 'rank', groupId: '15567637', rankId: 5, roleIds: [r(8)] },
        { kind: 'rankRange', groupId: '42', minRank: 1, maxRank: 50, roleIds: [r(2), r(2)], nickname: '{rank-name}' },
        { kind: 'gamepass', assetId: '100', roleIds: [r(1)] },
        { kind: 'verified', roleIds: [r(3)] },
      ],
      allowElevated: true,
    });
    expect(saved.status).toBe(200);
    expect(await body(saved)).toEqual({
      binds: [
        { id: 'rank-5', kind: 'rank', groupId: '15567637', rankId: 5, roleIds: [r(8)] },
        {
          id: 'rankRange:42::1:50:',
          kind: 'rankRange',
          groupId: '42',
          minRank: 1,
          maxRank: 50,
          roleIds: [r(2)],
          nickname: '{rank-name}',
        },
        { id: 'gamepass:::::100', kind: 'gamepass', assetId: '100', roleIds: [r(1)] },
        { id: 'verified:::::', kind: 'verified', roleIds: [r(3)] },
      ],
    });
    expect((await body(owner.get(`/api/discord/servers/${id.guild}/sync`))).state).toBe('running');
    // The Configure dialog still sees the bound group's rank bind.
    expect(await body(owner.get(`/api/discord/servers/${id.guild}/config`))).toMatchObject({
      rankBinds: [{ rankId: 5, roleId: r(8) }],
    });
  });

  it('saves restrictions with each banned account once, and refuses an age beyond ten years', async () => {
    const { id, owner } = await community();
    const path = `/api/discord/servers/${id.guild}/restrictions`;
    expect(await body(owner.get(path))).toEqual({ minAccountAgeDays: 0, requireGroupId: null, bannedRobloxIds: [] });
    const saved = await owner.send('PUT', path, {
      minAccountAgeDays: 30,
      requireGroupId: '42',
      bannedRobloxIds: [
        { robloxId: '7', reason: 'alt' },
        { robloxId: '7', reason: 'alt again' },
      ],
    });
    expect(await body(saved)).toEqual({
      minAccountAgeDays: 30,
      requireGroupId: '42',
      bannedRobloxIds: [{ robloxId: '7', reason: 'alt again' }],
    });
    const refused = await owner.send('PUT', path, {
      minAccountAgeDays: 4000,
      requireGroupId: null,
      bannedRobloxIds: [],
    });
    expect(refused.status).toBe(400);
    expect(await body(owner.get(path))).toMatchObject({ minAccountAgeDays: 30 });
  });

  it('refuses a member without Manage Server and a stranger, reading or writing', async () => {
    const { id, member, stranger } = await community();
    for (const browser of [member, stranger]) {
      for (const path of ['binds', 'restrictions']) {
        expect((await browser.get(`/api/discord/servers/${id.guild}/${path}`)).status).toBe(403);
      }
      const put = await browser.send('PUT', `/api/discord/servers/${id.guild}/binds`, { binds: [] });
      expect(put.status).toBe(403);
    }
  });
});

describe('the binds preview, the dry run and the verification list (issue 35)', () => {
  const sql = (query: string, params: unknown[]) => api.orm.em.fork().getConnection().execute(query, params);
  /** The member proves Roblox account `8<member id>`, rank 5 ("Officer") of a group GroupFlow keeps the roster of. */
  async function provenMember(id: ReturnType<typeof ids>) {
    const robloxId = `8${id.member}`;
    const groupId = `5${id.guild}`.slice(0, 15);
    roblox.addUser({ id: robloxId, name: 'Member_rbx' });
    roblox.addGroup({
      id: groupId,
      name: 'Cafe',
      description: '',
      ownerId: null,
      memberCount: 1,
      roles: [{ id: `${groupId}5`, name: 'Officer', rank: 5 }],
    });
    roblox.join(robloxId, groupId, `${groupId}5`);
    await sql(
      "update users set roblox_id = ?, roblox_username = 'Member_rbx', is_verified = true where discord_id = ?",
      [robloxId, id.member],
    );
    const em = api.orm.em.fork();
    em.create(GroupMember, { groupId, userId: robloxId, username: 'Member_rbx', rankId: 5, rankName: 'Officer' });
    await em.flush();
    return { robloxId, groupId };
  }
  const names = (roles: { id: string }[]) => roles.map((entry) => entry.id);

  it("previews a member's roles and nickname, restricted or not, counts a change's members, and hides outsiders' accounts", async () => {
    const { id, owner, manager, member, stranger } = await community();
    const r = (n: number) => `${id.guild}${n}`;
    const { robloxId, groupId } = await provenMember(id);
    const binds = `/api/discord/servers/${id.guild}/binds`;
    const current = [
      { kind: 'group', groupId, roleIds: [r(8)] },
      { kind: 'verified', roleIds: [r(2)] },
    ];
    expect((await owner.send('PUT', binds, { binds: current })).status).toBe(200);

    const preview = await body(owner.send('POST', `${binds}/preview`, { discordUserId: id.member }));
    expect(preview).toMatchObject({ robloxId, restricted: null, nickname: 'Member_rbx', skipped: [] });
    expect(names(preview.adding)).toEqual([r(8), r(2)]);
    expect(preview.removing).toEqual([]);

    // The dry run counts the one linked member a rank range of the kept roster would reach, and saves nothing.
    const runBefore = (await body(owner.get(`/api/discord/servers/${id.guild}/sync`))).runId;
    const range = { kind: 'rankRange', groupId, minRank: 1, maxRank: 10, roleIds: [r(1)] };
    const dry = await owner.send('PUT', `${binds}?dryRun=true`, { binds: [...current, range] });
    expect(dry.status).toBe(200);
    expect((await body(dry)).touched).toBe(1);
    expect((await body(owner.get(binds))).binds).toHaveLength(2);
    expect((await body(owner.get(`/api/discord/servers/${id.guild}/sync`))).runId).toBe(runBefore);

    await owner.send('PUT', `/api/discord/servers/${id.guild}/restrictions`, {
      minAccountAgeDays: 0,
      requireGroupId: null,
      bannedRobloxIds: [{ robloxId, reason: 'alt' }],
    });
    const restricted = await body(manager.send('POST', `${binds}/preview`, { discordUserId: id.member }));
    expect(restricted).toMatchObject({ robloxId, nickname: null, adding: [] });
    expect(restricted.restricted).toMatch(/banned from verifying here: alt/);
    expect(names(restricted.removing)).toEqual([r(8), r(2)]);

    // The stranger proved an account, but is not in this server: the preview shows no account of theirs.
    await sql("update users set roblox_id = ?, roblox_username = 'Far_away', is_verified = true where discord_id = ?", [
      `8${id.stranger}`,
      id.stranger,
    ]);
    roblox.addUser({ id: `8${id.stranger}`, name: 'Far_away' });
    expect(await body(owner.send('POST', `${binds}/preview`, { discordUserId: id.stranger }))).toMatchObject({
      robloxId: null,
      nickname: null,
    });
    for (const browser of [member, stranger])
      expect((await browser.send('POST', `${binds}/preview`, { discordUserId: id.member })).status).toBe(403);
    const bad = await owner.send('POST', `${binds}/preview`, { discordUserId: 'me' });
    expect((await body(bad)).issues.map((issue: { path: string[] }) => issue.path.join('.'))).toEqual([
      'discordUserId',
    ]);
  });

  it('refuses a manager whose Manage Server was taken away, reading, writing or previewing', async () => {
    const { id, manager } = await community();
    const binds = `/api/discord/servers/${id.guild}/binds`;
    expect((await manager.get(binds)).status).toBe(200);
    discord.users.get(id.manager)!.guilds = [discordGuild(id.guild, 'Main Hall', 'member')];
    await sql(
      "update customer_guild_fetches set fetched_at = now() - interval '1 hour' where user_id = (select id from users where discord_id = ?)",
      [id.manager],
    );
    expect((await manager.get(binds)).status).toBe(403);
    expect((await manager.send('PUT', binds, { binds: [] })).status).toBe(403);
    expect((await manager.get(`/api/discord/servers/${id.guild}/restrictions`)).status).toBe(403);
    expect((await manager.send('POST', `${binds}/preview`, { discordUserId: id.member })).status).toBe(403);
  });

  it('lists a member with only a claim as Pending with the claimed account, and a banned account as Restricted', async () => {
    const { id, owner } = await community();
    await sql(
      "update users set roblox_id = ?, roblox_username = 'Claimed_1', is_verified = false where discord_id = ?",
      [`6${id.member}`, id.member],
    );
    await sql("update users set roblox_id = ?, roblox_username = 'Proven_2', is_verified = true where discord_id = ?", [
      `6${id.manager}`,
      id.manager,
    ]);
    await owner.send('PUT', `/api/discord/servers/${id.guild}/restrictions`, {
      minAccountAgeDays: 0,
      requireGroupId: null,
      bannedRobloxIds: [{ robloxId: `6${id.manager}`, reason: 'alt' }],
    });
    const users = await body(owner.get('/api/users'));
    const byDiscord = (discordId: string) => users.find((user: { discordId: string }) => user.discordId === discordId);
    expect(byDiscord(id.member)).toMatchObject({
      status: 'pending',
      isVerified: false,
      claim: { robloxId: `6${id.member}`, robloxUsername: 'Claimed_1' },
      restrictedReason: null,
    });
    expect(byDiscord(id.manager)).toMatchObject({
      status: 'restricted',
      restrictedReason: 'Banned from verifying in Main Hall: alt',
    });
    expect(byDiscord(id.owner)).toMatchObject({ status: 'unlinked', claim: null });
  });
});
