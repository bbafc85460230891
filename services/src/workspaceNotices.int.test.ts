/**
 * Sessions and notifications leaving the workspace, across the split processes: the API schedules over HTTP and
 * queues pg-boss jobs; the bot process (services/src/bot.ts, real discord.js against the fake Discord) posts them in
 * the bound server's sessions channel; reminders, applications and quota weeks notify customers in PostgreSQL, read
 * back through GET /api/notifications.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { z } from 'zod';
import {
  robloxEndpoints,
  workspaceEndpoints,
  workspaceQuotaEndpoints,
  workspaceSessionEndpoints,
  type Endpoint,
} from '@groupflow/core/contracts';
import { FakeRobloxServer } from '@groupflow/adapters/roblox/testing/FakeRobloxServer';
import { bits, FakeDiscord } from '@groupflow/adapters/discord/testing/FakeDiscord';
import { freePort } from '@groupflow/adapters/net/freePort';
import { inRequestContext } from '@groupflow/adapters/persistence/database';
import { MikroOrmServerConfigs } from '@groupflow/adapters/persistence/discord/MikroOrmServerConfigs';
import { startTestApi, type TestApi } from '../test/apiHarness.ts';
import { CustomerBrowser } from '../test/customerBrowser.ts';
import { loadConfig } from './config.ts';
import { startBot, type RunningBot } from './bot.ts';
import { resolve, TOKENS } from './containers/tokens.ts';

const api = { ...robloxEndpoints, ...workspaceEndpoints, ...workspaceQuotaEndpoints, ...workspaceSessionEndpoints };
const roblox = new FakeRobloxServer();
const discord = new FakeDiscord();
let testApi: TestApi;
let bot: RunningBot | undefined;
const run = (Date.now() % 100_000_000) * 10 + 3;
const rid = (n: number) => String(run + n);
const OWNER = rid(1);
const STAFF = rid(2);
const RECRUIT = rid(3);
const MANAGER = rid(4);
const GROUP = rid(10);
const ROLE = { recruit: rid(20), staff: rid(21), manager: rid(22), owner: rid(23) };
const g = { groupId: GROUP };
let sessionsChannel: string;

const path = (endpoint: Endpoint, params: Record<string, string | number> = {}) =>
  endpoint.path.replace(/:(\w+)/g, (_, name: string) => String(params[name]));

async function call<E extends Endpoint>(
  browser: CustomerBrowser,
  endpoint: E,
  options: { params?: Record<string, string | number>; body?: unknown } = {},
): Promise<{ status: number; body: any; data: z.output<E['response']> | undefined }> {
  const answer = await browser.json(endpoint.method, path(endpoint, options.params), options.body);
  const ok = answer.status === (endpoint.successStatus ?? 200);
  return { ...answer, data: ok ? (endpoint.response.parse(answer.body) as z.output<E['response']>) : undefined };
}

async function signIn(name: string, robloxId: string): Promise<CustomerBrowser> {
  const browser = new CustomerBrowser(testApi.url);
  await browser.signInWithDiscord(`${name}${run}`);
  const user = roblox.users.get(robloxId)!;
  expect((await call(browser, api.linkRoblox, { body: { username: user.name } })).status).toBe(200);
  const { data } = await call(browser, api.issueVerificationCode, { body: {} });
  user.description = `GroupFlow ${data!.code}`;
  expect((await call(browser, api.verifyCode, { body: { code: data!.code } })).status).toBe(200);
  return browser;
}

const noticesOf = async (browser: CustomerBrowser, kind: string) =>
  ((await call(browser, api.notifications)).data ?? []).filter((notice) => notice.kind === kind);

let owner: CustomerBrowser;
let staff: CustomerBrowser;
let recruit: CustomerBrowser;
let manager: CustomerBrowser;
const sql = <T>(text: string, params: unknown[] = []) =>
  testApi.orm.em.fork().getConnection().execute<T[]>(text, params);

beforeAll(async () => {
  await roblox.start();
  await discord.start();
  for (const [id, name] of [
    [OWNER, 'Owner'],
    [STAFF, 'Staff'],
    [RECRUIT, 'Recruit'],
    [MANAGER, 'Manager'],
  ])
    roblox.addUser({ id: id!, name: `${name}${run}` });
  roblox.addGroup({
    id: GROUP,
    name: `Airline ${run}`,
    description: '',
    ownerId: OWNER,
    memberCount: 4,
    roles: [
      { id: ROLE.recruit, name: 'Recruit', rank: 1 },
      { id: ROLE.staff, name: 'Staff', rank: 10 },
      { id: ROLE.manager, name: 'Manager', rank: 50 },
      { id: ROLE.owner, name: 'Owner', rank: 255 },
    ],
  });
  roblox.join(OWNER, GROUP, ROLE.owner);
  roblox.join(STAFF, GROUP, ROLE.staff);
  roblox.join(RECRUIT, GROUP, ROLE.recruit);
  roblox.join(MANAGER, GROUP, ROLE.manager);
  const guild = discord.addGuild({
    name: 'Airline HQ',
    ownerId: rid(30),
    botPermissions: bits('SendMessages'),
    botRolePosition: 5,
  });
  sessionsChannel = discord.addChannel(guild, 'sessions');
  const port = await freePort();
  const env = {
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ROBLOX_API_BASE: roblox.apiBase,
    ROBLOX_OPEN_CLOUD_BASE: roblox.url,
    JOBS_POLLING_INTERVAL_SECONDS: '0.5',
    // A week is 168 hours: past its first hour, members behind are told.
    QUOTA_BEHIND_NOTICE_HOURS: '167',
  };
  testApi = await startTestApi({ PORT: String(port), ...env });
  // The bot as its own process part: its own container and pg-boss, sharing only PostgreSQL with the API.
  bot = await startBot(
    loadConfig({
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      ...env,
      DISCORD_BOT_TOKEN: discord.token,
      DISCORD_BASE_URL: discord.url,
      BOT_WAIT_GUILD_TIMEOUT_MS: '1000',
    }),
    pino({ level: 'silent' }),
    testApi.orm,
  );
  await inRequestContext(testApi.orm, () =>
    new MikroOrmServerConfigs(testApi.orm).save(guild.id, { boundGroupId: GROUP, sessionsChannel }),
  );
  owner = await signIn('owner', OWNER);
  staff = await signIn('staff', STAFF);
  recruit = await signIn('recruit', RECRUIT);
  manager = await signIn('manager', MANAGER);
  const connected = await call(owner, api.connectGroupWithRanks, {
    body: {
      groupId: GROUP,
      quotaSystem: true,
      rankPermissions: [
        { rankId: 10, canAccessWorkspace: true, canAssignHostSelf: true },
        { rankId: 1, canAccessWorkspace: true },
      ],
    },
  });
  expect(connected.status).toBe(201);
  for (const [id, name, rank] of [
    [STAFF, `Staff${run}`, 10],
    [RECRUIT, `Recruit${run}`, 1],
    [MANAGER, `Manager${run}`, 50],
  ] as const)
    await sql(
      `insert into group_members (group_id, user_id, username, rank_id, rank_name) values (?, ?, ?, ?, ?)
       on conflict (group_id, user_id) do update set rank_id = excluded.rank_id, rank_name = excluded.rank_name`,
      [GROUP, id, name, rank, name.replace(String(run), '')],
    );
});

afterAll(async () => {
  await bot?.close();
  if (testApi) await resolve(testApi.container, TOKENS.PgBossJobs).stop();
  await testApi?.close();
  await discord.stop();
  await roblox.stop();
});

describe('session posts and reminders', () => {
  it('takes the reminder minutes as a workspace setting (0 to 1440)', async () => {
    expect((await call(owner, api.groupSettings, { params: g })).data?.sessionReminderMinutes).toBe(15);
    const tooLong = await call(owner, api.updateGroupSettings, { params: g, body: { sessionReminderMinutes: 1441 } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.issues[0].path).toEqual(['sessionReminderMinutes']);
    expect(
      (await call(staff, api.updateGroupSettings, { params: g, body: { sessionReminderMinutes: 1 } })).status,
    ).toBe(403);
    const saved = await call(owner, api.updateGroupSettings, { params: g, body: { sessionReminderMinutes: 1 } });
    expect(saved.data?.sessionReminderMinutes).toBe(1);
  });

  it('the API schedules, the bot process posts in the sessions channel, and the reminder tells host and signed-up members', async () => {
    // One minute before a start 65 s away: the reminder is due 5 s from now.
    const startsAt = new Date(Date.now() + 65_000);
    const scheduled = await call(staff, api.scheduleSession, {
      params: g,
      body: {
        title: 'Cabin crew training',
        type: 'training',
        startsAt: startsAt.toISOString(),
        durationMinutes: 30,
        slots: 3,
      },
    });
    expect(scheduled.status).toBe(201);
    const id = scheduled.data!.id;
    expect((await call(staff, api.sessionHost, { params: { ...g, id }, body: {} })).status).toBe(200);
    expect((await call(recruit, api.sessionSignup, { params: { ...g, id } })).status).toBe(200);
    const unix = Math.floor(startsAt.getTime() / 1000);
    const posted = () =>
      discord.messages.filter((message) => message.channelId === sessionsChannel).map((m) => m.content);
    await expect.poll(posted, { timeout: 15_000 }).toHaveLength(2);
    expect(posted()).toEqual([
      `**New session: Cabin crew training** (training) <t:${unix}:F> (<t:${unix}:R>), 30 minutes. Host: open. 3 of 3 slots open.`,
      `**Session updated: Cabin crew training** (training) <t:${unix}:F> (<t:${unix}:R>), 30 minutes. Host: Staff${run}. 3 of 3 slots open.`,
    ]);
    await expect.poll(() => noticesOf(recruit, 'session-reminder'), { timeout: 20_000 }).toHaveLength(1);
    expect((await noticesOf(staff, 'session-reminder'))[0]).toMatchObject({
      title: 'Cabin crew training starts soon',
      message: `training session in Airline ${run} at ${startsAt.toISOString()}, 30 minutes. You host it.`,
      isRead: false,
    });
    expect(await noticesOf(owner, 'session-reminder')).toEqual([]);
    await expect.poll(posted, { timeout: 15_000 }).toHaveLength(3);
    expect(posted()[2]).toBe(
      `**Reminder: Cabin crew training** (training) starts <t:${unix}:R>, 30 minutes. Host: Staff${run}. 2 of 3 slots open.`,
    );
    // Read state, as for the other kinds.
    const [reminder] = await noticesOf(recruit, 'session-reminder');
    const read = await call(recruit, api.markNotificationsRead, { body: { ids: [reminder!.id] } });
    expect(read.data?.find((notice) => notice.id === reminder!.id)?.isRead).toBe(true);
  });
});

describe('notifications of the workspace', () => {
  it("application received: the group's managers hear of it, not the manager who recorded it", async () => {
    const created = await call(owner, api.createApplication, {
      params: g,
      body: { applicantName: 'Newbie', desiredRank: 'Staff' },
    });
    expect(created.status).toBe(201);
    expect(await noticesOf(manager, 'application-received')).toEqual([
      expect.objectContaining({ title: `New application in Airline ${run}`, message: 'Newbie applies for Staff.' }),
    ]);
    expect(await noticesOf(owner, 'application-received')).toEqual([]);
    expect(await noticesOf(staff, 'application-received')).toEqual([]);
  });

  it('quota behind: once the point of the week has passed, each member behind is told once, however often the job runs', async () => {
    expect(
      (
        await call(owner, api.replaceQuotas, {
          params: g,
          body: [{ name: 'Weekly minutes', kind: 'minutes-in-game', amount: 120, rankIds: [10, 1] }],
        })
      ).status,
    ).toBe(200);
    // The staff member played two hours this week; the recruit did not play.
    await sql(
      `insert into activity_sessions (group_id, session_id, roblox_user_id, started_at, ended_at, closed_by)
       values (?, ?, ?, now() - interval '130 minutes', now() - interval '5 minutes', 'game')`,
      [GROUP, `stay-${run}`, STAFF],
    );
    const job = resolve(testApi.container, TOKENS.WorkspaceQuotaBehind);
    expect(await job.tick()).toBeGreaterThanOrEqual(1);
    await expect.poll(() => noticesOf(recruit, 'quota-behind'), { timeout: 15_000 }).toHaveLength(1);
    expect((await noticesOf(recruit, 'quota-behind'))[0]).toMatchObject({
      title: `Behind on your quota in Airline ${run}`,
      message: expect.stringMatching(/^Weekly minutes: 0 of 120\. The week ends /),
    });
    await job.tick();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await noticesOf(recruit, 'quota-behind')).toHaveLength(1);
    expect(await noticesOf(staff, 'quota-behind')).toEqual([]);
  });
});
