/**
 * Sessions and notifications leaving the workspace, across the split processes: the API schedules over HTTP and
 * queues pg-boss jobs; the bot process (services/src/bot.ts, real discord.js against the fake Discord) posts them in
 * the bound server's sessions channel; reminders, applications and quota weeks notify customers in PostgreSQL, read
 * back through GET /api/notifications.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { API } from '@groupflow/core/contracts';
import { bits, FakeDiscord } from '@groupflow/adapters/testing/FakeDiscord';
import { inRequestContext } from '@groupflow/adapters/persistence/database';
import { MikroOrmServerConfigs } from '@groupflow/adapters/persistence/discord/MikroOrmServerConfigs';
import type { CustomerBrowser } from '../test/customerBrowser.ts';
import { oneMemberPerRank, quotaWeekBegunDaysAgo, WorkspaceWorld } from '../test/workspaceWorld.ts';
import { queuesDrained } from '../test/jobQueues.ts';
import { QUOTA_BEHIND_QUEUE } from '@groupflow/adapters/jobs/PgBossQuotaBehind';
import { loadConfig } from './config.ts';
import { startBot, type RunningBot } from './bot.ts';
import { resolve, TOKENS } from './containers/tokens.ts';

const world = new WorkspaceWorld(3);
const { run, rid, call, signIn, sql } = world;
const discord = new FakeDiscord();
let bot: RunningBot | undefined;
const OWNER = rid(1);
const STAFF = rid(2);
const RECRUIT = rid(3);
const MANAGER = rid(4);
const GROUP = rid(10);
const ROLE = { recruit: rid(20), staff: rid(21), manager: rid(22), owner: rid(23) };
const g = { groupId: GROUP };
let sessionsChannel: string;

const noticesOf = async (browser: CustomerBrowser, kind: string) =>
  ((await call(browser, API.roblox.listNotifications)).data ?? []).filter((notice) => notice.kind === kind);

let owner: CustomerBrowser;
let staff: CustomerBrowser;
let recruit: CustomerBrowser;
let manager: CustomerBrowser;

beforeAll(async () => {
  await discord.start();
  await world.start(GROUP, {
    ...oneMemberPerRank('Airline', [
      { name: 'Recruit', rank: 1, roleId: ROLE.recruit, memberId: RECRUIT },
      { name: 'Staff', rank: 10, roleId: ROLE.staff, memberId: STAFF },
      { name: 'Manager', rank: 50, roleId: ROLE.manager, memberId: MANAGER },
      { name: 'Owner', rank: 255, roleId: ROLE.owner, memberId: OWNER },
    ]),
    env: {
      JOBS_POLLING_INTERVAL_SECONDS: '0.5',
      // A week is 168 hours: past its first hour, members behind are told (the week began days ago).
      QUOTA_BEHIND_NOTICE_HOURS: '167',
      ...quotaWeekBegunDaysAgo(3),
    },
  });
  const guild = discord.addGuild({
    name: 'Airline HQ',
    ownerId: rid(30),
    botPermissions: bits('SendMessages'),
    botRolePosition: 5,
  });
  sessionsChannel = discord.addChannel(guild, 'sessions');
  // The bot as its own process part: its own container and pg-boss, sharing only PostgreSQL with the API.
  bot = await startBot(
    loadConfig({
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      ...world.env,
      DISCORD_BOT_TOKEN: discord.token,
      DISCORD_BASE_URL: discord.url,
      BOT_WAIT_GUILD_TIMEOUT_MS: '1000',
    }),
    pino({ level: 'silent' }),
    world.testApi.orm,
  );
  await inRequestContext(world.testApi.orm, () =>
    new MikroOrmServerConfigs(world.testApi.orm).save(guild.id, { boundGroupId: GROUP, sessionsChannel }),
  );
  owner = await signIn('owner', OWNER);
  staff = await signIn('staff', STAFF);
  recruit = await signIn('recruit', RECRUIT);
  manager = await signIn('manager', MANAGER);
  const connected = await call(owner, API.roblox.connectGroupWithRanks, {
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
  await world.knowMembers(GROUP, [
    { id: STAFF, username: `Staff${run}`, rank: 10, rankName: 'Staff' },
    { id: RECRUIT, username: `Recruit${run}`, rank: 1, rankName: 'Recruit' },
    { id: MANAGER, username: `Manager${run}`, rank: 50, rankName: 'Manager' },
  ]);
});

afterAll(async () => {
  await bot?.close();
  await world.stop();
  await discord.stop();
});

describe('session posts and reminders', () => {
  it('takes the reminder minutes as a workspace setting (0 to 1440)', async () => {
    expect((await call(owner, API.roblox.readWorkspaceSettings, { params: g })).data?.sessionReminderMinutes).toBe(15);
    const tooLong = await call(owner, API.roblox.updateWorkspaceSettings, {
      params: g,
      body: { sessionReminderMinutes: 1441 },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.issues[0].path).toEqual(['sessionReminderMinutes']);
    expect(
      (await call(staff, API.roblox.updateWorkspaceSettings, { params: g, body: { sessionReminderMinutes: 1 } }))
        .status,
    ).toBe(403);
    const saved = await call(owner, API.roblox.updateWorkspaceSettings, {
      params: g,
      body: { sessionReminderMinutes: 1 },
    });
    expect(saved.data?.sessionReminderMinutes).toBe(1);
  });

  it('the API schedules, the bot process posts in the sessions channel, and the reminder tells host and signed-up members', async () => {
    // One minute before a start 90 s away: the reminder is due 30 s from now, after the host and the sign-up.
    const startsAt = new Date(Date.now() + 90_000);
    const scheduled = await call(staff, API.roblox.scheduleSession, {
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
    const unix = Math.floor(startsAt.getTime() / 1000);
    const posted = () =>
      discord.messages.filter((message) => message.channelId === sessionsChannel).map((m) => m.content);
    // A post tells the session as it is when the bot sends it: the host is named once the first post is out, so the
    // first says the seat is open however slowly the bot works (under load it once ran after the host had joined).
    await expect.poll(posted, { timeout: 15_000 }).toHaveLength(1);
    expect((await call(staff, API.roblox.assignSessionHost, { params: { ...g, id }, body: {} })).status).toBe(200);
    expect((await call(recruit, API.roblox.signUpForSession, { params: { ...g, id } })).status).toBe(200);
    await expect.poll(posted, { timeout: 15_000 }).toHaveLength(2);
    expect(posted()).toEqual([
      `**New session: Cabin crew training** (training) <t:${unix}:F> (<t:${unix}:R>), 30 minutes. Host: open. 3 of 3 slots open.`,
      `**Session updated: Cabin crew training** (training) <t:${unix}:F> (<t:${unix}:R>), 30 minutes. Host: Staff${run}. 3 of 3 slots open.`,
    ]);
    await expect.poll(() => noticesOf(recruit, 'session-reminder'), { timeout: 45_000 }).toHaveLength(1);
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
    const read = await call(recruit, API.roblox.markNotificationsRead, { body: { ids: [reminder!.id] } });
    expect(read.data?.find((notice) => notice.id === reminder!.id)?.isRead).toBe(true);
    // The reminder waits 30 s by design; the posts and the reminder each have their own wait above.
  }, 120_000);
});

describe('notifications of the workspace', () => {
  it("application received: the group's managers hear of it, not the manager who recorded it", async () => {
    const created = await call(owner, API.roblox.createApplication, {
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
        await call(owner, API.roblox.replaceQuotas, {
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
    const job = resolve(world.testApi.container, TOKENS.WorkspaceQuotaBehind);
    expect(await job.tick()).toBeGreaterThanOrEqual(1);
    await expect.poll(() => noticesOf(recruit, 'quota-behind'), { timeout: 15_000 }).toHaveLength(1);
    expect((await noticesOf(recruit, 'quota-behind'))[0]).toMatchObject({
      title: `Behind on your quota in Airline ${run}`,
      message: expect.stringMatching(/^Weekly minutes: 0 of 120\. The week ends /),
    });
    await job.tick();
    // The second round has run to its end: a second notice would be there now.
    await queuesDrained(world.testApi.orm, QUOTA_BEHIND_QUEUE);
    expect(await noticesOf(recruit, 'quota-behind')).toHaveLength(1);
    expect(await noticesOf(staff, 'quota-behind')).toEqual([]);
  });
});
