/**
 * Quotas, time off, scheduled sessions and auto promotion over HTTP against real PostgreSQL (the statements of
 * PostgresMemberFigures, the slot lock of MikroOrmGroupSessions, the conditional decision of time off) and the
 * loopback fake speaking Open Cloud v2 for the auto promotion job, run through pg-boss.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@groupflow/core/contracts';
import type { CustomerBrowser } from '../test/customerBrowser.ts';
import { oneMemberPerRank, quotaWeekBegunDaysAgo, WorkspaceWorld } from '../test/workspaceWorld.ts';
import { queuesDrained } from '../test/jobQueues.ts';
import { AUTO_PROMOTION_QUEUE } from '@groupflow/adapters/jobs/PgBossAutoPromotion';
import { resolve, TOKENS } from './containers/tokens.ts';

const world = new WorkspaceWorld(7);
const { roblox: fake, run, rid, call, signIn, sql, groupKey: GROUP_KEY } = world;
const OWNER = rid(1);
const STAFF = rid(2);
const RECRUIT = rid(3);
const GROUP = rid(10);
const ROLE = { recruit: rid(20), staff: rid(21), owner: rid(22) };

let owner: CustomerBrowser;
let staff: CustomerBrowser;
let recruit: CustomerBrowser;
const g = { groupId: GROUP };

beforeAll(async () => {
  await world.start(GROUP, {
    ...oneMemberPerRank('Airline', [
      { name: 'Recruit', rank: 1, roleId: ROLE.recruit, memberId: RECRUIT },
      { name: 'Staff', rank: 10, roleId: ROLE.staff, memberId: STAFF },
      { name: 'Owner', rank: 255, roleId: ROLE.owner, memberId: OWNER },
    ]),
    cloudKey: true,
    env: { ROBLOX_RETRY_BASE_MS: '20', ...quotaWeekBegunDaysAgo(3) },
  });
  owner = await signIn('owner', OWNER);
  staff = await signIn('staff', STAFF);
  recruit = await signIn('recruit', RECRUIT);
  const connected = await call(owner, API.roblox.connectGroupWithRanks, {
    body: {
      groupId: GROUP,
      quotaSystem: true,
      rankPermissions: [
        { rankId: 10, canAccessWorkspace: true, canRequestTimeoff: true, canAssignHostSelf: true },
        { rankId: 1, canAccessWorkspace: true },
      ],
    },
  });
  expect(connected.status).toBe(201);
  // GroupFlow knows members from the game's reports; these two are known with their ranks.
  await world.knowMembers(GROUP, [
    { id: STAFF, username: `Staff${run}`, rank: 10, rankName: `Staff${run}` },
    { id: RECRUIT, username: `Recruit${run}`, rank: 1, rankName: `Recruit${run}` },
  ]);
});

afterAll(() => world.stop());

/** A finished stay in the game, `ago` to `ago - minutes` minutes back from now. */
const stay = (userId: string, agoMinutes: number, minutes: number) =>
  sql(
    `insert into activity_sessions (group_id, session_id, roblox_user_id, started_at, ended_at, closed_by)
     values (?, ?, ?, now() - (? * interval '1 minute'), now() - (? * interval '1 minute'), 'game')`,
    [GROUP, `s-${userId}-${agoMinutes}-${Math.random()}`, userId, agoMinutes, agoMinutes - minutes],
  );

describe('quotas', () => {
  it('answers 400 naming the field for a bad quota, and only managers replace them', async () => {
    const bad = await call(owner, API.roblox.replaceQuotas, {
      params: g,
      body: [{ name: 'Minutes', kind: 'minutes-in-game', amount: 0, rankIds: [] }],
    });
    expect(bad.status).toBe(400);
    expect((await call(owner, API.roblox.listQuotas, { params: g })).data).toEqual([]);
    expect(
      (
        await call(staff, API.roblox.replaceQuotas, {
          params: g,
          body: [{ name: 'x', kind: 'sessions-hosted', amount: 1, rankIds: [10] }],
        })
      ).status,
    ).toBe(403);
  });

  it("measures this week's minutes and attended sessions per member; time off excuses", async () => {
    const saved = await call(owner, API.roblox.replaceQuotas, {
      params: g,
      body: {
        quotas: [
          { name: 'Minutes', kind: 'minutes-in-game', amount: 60, rankIds: [10, 1] },
          { name: 'Attended', kind: 'sessions-attended', amount: 1, rankIds: [10, 1] },
        ],
      },
    });
    expect(saved.status).toBe(200);
    await stay(STAFF, 40, 30);
    await stay(STAFF, 20, 15);
    const progress = await call(owner, API.roblox.readQuotaProgress, { params: g });
    const staffRow = progress.data!.members.find((member) => member.userId === STAFF)!;
    expect(staffRow.progress.map((entry) => [entry.name, entry.value, entry.met])).toEqual([
      ['Minutes', 45, false],
      ['Attended', 0, false],
    ]);
    expect(staffRow.behind).toBe(true);
    // The recruit sees only their own row.
    const own = await call(recruit, API.roblox.readQuotaProgress, { params: g });
    expect(own.data!.members.map((member) => member.userId)).toEqual([RECRUIT]);
    // Last year's week has nothing in it.
    const past = await call(owner, API.roblox.readQuotaProgress, { params: g, query: '?week=2025-01-08' });
    expect(past.data!.members.find((member) => member.userId === STAFF)!.progress[0]!.value).toBe(0);
    expect((await call(owner, API.roblox.readQuotaProgress, { params: g, query: '?week=soon' })).status).toBe(400);
  });

  it('counts a scheduled session as attended by a member in game during it, not by its absent host', async () => {
    const startsAt = new Date(Date.now() + 1500).toISOString();
    const scheduled = await call(staff, API.roblox.scheduleSession, {
      params: g,
      body: { title: 'Cabin crew training', type: 'training', startsAt, durationMinutes: 30, slots: 1 },
    });
    expect(scheduled.status).toBe(201);
    const id = scheduled.data!.id;
    expect(
      (await call(staff, API.roblox.assignSessionHost, { params: { ...g, id }, body: {} })).data?.host?.userId,
    ).toBe(STAFF);
    expect((await call(recruit, API.roblox.assignSessionHost, { params: { ...g, id }, body: {} })).status).toBe(403);
    expect((await call(recruit, API.roblox.signUpForSession, { params: { ...g, id } })).data?.signups).toHaveLength(1);
    expect((await call(owner, API.roblox.signUpForSession, { params: { ...g, id } })).status).toBe(409);
    // Waits on the clock, not a fixed time: the session must have begun before the recruit is seen in game.
    await expect.poll(() => Date.now(), { timeout: 5_000 }).toBeGreaterThan(Date.parse(startsAt));
    // The recruit is in game during the session's window.
    await sql(
      `insert into activity_sessions (group_id, session_id, roblox_user_id, started_at) values (?, ?, ?, now())`,
      [GROUP, `live-${run}`, RECRUIT],
    );
    const progress = await call(owner, API.roblox.readQuotaProgress, { params: g });
    const recruitRow = progress.data!.members.find((member) => member.userId === RECRUIT)!;
    expect(recruitRow.progress.find((entry) => entry.name === 'Attended')).toMatchObject({ value: 1, met: true });
    // The host was not in game: hosting is not attending.
    const staffRow = progress.data!.members.find((member) => member.userId === STAFF)!;
    expect(staffRow.progress.find((entry) => entry.name === 'Attended')!.value).toBe(0);
    const listed = await call(recruit, API.roblox.listSessions, { params: g });
    expect(listed.data!.find((row) => row.id === id)).toMatchObject({ slots: 1, host: { userId: STAFF } });
  });

  it('excuses a member whose time off was approved; the member hears of it', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const filed = await call(staff, API.roblox.requestTimeOff, {
      params: g,
      body: { startDate: today, endDate: today, reason: 'Family' },
    });
    expect(filed.status).toBe(201);
    expect(
      (
        await call(recruit, API.roblox.requestTimeOff, {
          params: g,
          body: { startDate: today, endDate: today, reason: 'x' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(staff, API.roblox.decideTimeOff, {
          params: { ...g, id: filed.data!.id },
          body: { status: 'approved' },
        })
      ).status,
    ).toBe(403);
    const decided = await call(owner, API.roblox.decideTimeOff, {
      params: { ...g, id: filed.data!.id },
      body: { status: 'approved', note: 'Take care' },
    });
    expect(decided.data).toMatchObject({ status: 'approved', note: 'Take care', decidedBy: `Owner${run}` });
    expect(
      (
        await call(owner, API.roblox.decideTimeOff, {
          params: { ...g, id: filed.data!.id },
          body: { status: 'declined' },
        })
      ).status,
    ).toBe(409);
    const progress = await call(owner, API.roblox.readQuotaProgress, { params: g });
    expect(progress.data!.members.find((member) => member.userId === STAFF)).toMatchObject({
      excused: true,
      behind: false,
    });
    expect((await call(staff, API.roblox.listNotifications)).data?.[0]).toMatchObject({ kind: 'time-off-decided' });
    expect((await call(owner, API.roblox.listNotifications)).data?.some((n) => n.kind === 'time-off-requested')).toBe(
      true,
    );
  });
});

describe('auto promotion', () => {
  it('previews, then the pg-boss job promotes through Open Cloud and audits it as auto', async () => {
    await call(owner, API.roblox.saveOpenCloudKey, { params: g, body: { apiKey: GROUP_KEY } });
    expect(
      (
        await call(owner, API.roblox.replacePromotionRules, {
          params: g,
          body: [{ fromRank: 1, toRank: 10, minutes: 30, sessionsAttended: 0, windowDays: 7 }],
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(owner, API.roblox.replacePromotionRules, {
          params: g,
          body: [{ fromRank: 10, toRank: 1, minutes: 0, sessionsAttended: 0, windowDays: 7 }],
        })
      ).status,
    ).toBe(400);
    await stay(RECRUIT, 100, 40);
    const preview = await call(owner, API.roblox.previewPromotions, { params: g });
    expect(preview.data).toEqual([expect.objectContaining({ userId: RECRUIT, fromRank: 1, toRank: 10 })]);
    expect(fake.memberships.get(RECRUIT)?.get(GROUP)).toBe(ROLE.recruit);
    expect((await call(recruit, API.roblox.previewPromotions, { params: g })).status).toBe(403);

    // Off: the job queues nothing for the group.
    const job = resolve(world.testApi.container, TOKENS.WorkspaceAutoPromotion);
    await job.tick();
    // Whatever the round queued has run: a promotion it made would show now.
    await queuesDrained(world.testApi.orm, AUTO_PROMOTION_QUEUE);
    expect(fake.memberships.get(RECRUIT)?.get(GROUP)).toBe(ROLE.recruit);

    expect(
      (await call(owner, API.roblox.updateWorkspaceSettings, { params: g, body: { autoPromotions: true } })).status,
    ).toBe(200);
    expect(await job.tick()).toBeGreaterThan(0);
    // The job's audit line is written once Open Cloud answered: wait for it, then check Roblox.
    const deadline = Date.now() + 15_000;
    let audit = await call(owner, API.roblox.readRankAudit, { params: g });
    while (!audit.data?.some((entry) => entry.source === 'auto') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      audit = await call(owner, API.roblox.readRankAudit, { params: g });
    }
    expect(audit.data?.[0]).toMatchObject({
      source: 'auto',
      actorName: 'Auto promotion',
      targetUserId: RECRUIT,
      toRank: 10,
      result: 'succeeded',
    });
    expect(fake.memberships.get(RECRUIT)?.get(GROUP)).toBe(ROLE.staff);
  });
});

describe('the activity feed', () => {
  it('lists the promotion, the scheduled session and an application, typed, newest first', async () => {
    await call(owner, API.roblox.createApplication, {
      params: g,
      body: { applicantName: 'Pilot', desiredRank: 'Staff' },
    });
    const feed = await call(recruit, API.roblox.readActivityFeed, { params: g });
    expect(feed.status).toBe(200);
    const types = feed.data!.map((entry) => entry.type);
    expect(types[0]).toBe('recruitment');
    expect(types).toEqual(expect.arrayContaining(['recruitment', 'promotion', 'training']));
    expect(feed.data!.find((entry) => entry.type === 'promotion')?.title).toBe(`Recruit${run} promoted to Staff`);
    const times = feed.data!.map((entry) => Date.parse(entry.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});

describe('documents', () => {
  it('shows each rank the documents meant for it, and announces the ones for everyone in the feed', async () => {
    const everyone = await call(owner, API.roblox.createDocument, {
      params: g,
      body: { title: 'Handbook', type: 'handbook', body: '# Welcome' },
    });
    expect(everyone.status).toBe(201);
    await call(owner, API.roblox.createDocument, {
      params: g,
      body: { title: 'Owners only', type: 'hr', body: 'x', rankIds: [255] },
    });
    expect(
      (await call(recruit, API.roblox.createDocument, { params: g, body: { title: 'x', body: 'x' } })).status,
    ).toBe(403);
    expect((await call(owner, API.roblox.createDocument, { params: g, body: { title: '', body: '' } })).status).toBe(
      400,
    );
    const seen = await call(recruit, API.roblox.listDocuments, { params: g });
    expect(seen.data!.map((doc) => doc.title)).toEqual(['Handbook']);
    expect((await call(owner, API.roblox.listDocuments, { params: g })).data!.map((doc) => doc.title)).toEqual([
      'Owners only',
      'Handbook',
    ]);
    const feed = await call(recruit, API.roblox.readActivityFeed, { params: g });
    expect(feed.data!.filter((entry) => entry.type === 'documentation').map((entry) => entry.title)).toEqual([
      'Handbook',
    ]);
  });
});

describe('analytics', () => {
  it("draws from the records: today's minutes and players, this week's sessions and quota completion", async () => {
    const answer = await call(owner, API.roblox.readAnalytics, { params: g });
    expect(answer.status).toBe(200);
    expect(answer.data!.daily).toHaveLength(30);
    const today = answer.data!.daily.at(-1)!;
    expect(today.day).toBe(new Date().toISOString().slice(0, 10));
    // The stays inserted above: 30 + 15 minutes of Staff today, 40 of Recruit (unless they crossed midnight).
    expect(today.activeMembers).toBeGreaterThanOrEqual(1);
    const total = answer.data!.daily.reduce((sum, day) => sum + day.minutes, 0);
    // 45 + 40 minutes of finished stays, plus the open one; days without a stay count nothing. Each day's minutes are
    // floored, so when midnight falls among the stays (a run in the day's first two hours) the two days lose at
    // most one minute between them.
    expect(total).toBeGreaterThanOrEqual(84);
    expect(total).toBeLessThan(24 * 60);
    expect(answer.data!.daily[0]).toMatchObject({ minutes: 0, activeMembers: 0 });
    const week = answer.data!.weekly.at(-1)!;
    expect(week.sessions).toBeGreaterThanOrEqual(1);
    expect(week.measured).toBeGreaterThanOrEqual(1);
    expect((await call(recruit, API.roblox.readAnalytics, { params: g })).status).toBe(403);
  });
});
