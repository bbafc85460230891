/**
 * Quota progress covers every member whose current rank has a quota (issue 33, point 2), read from the group's
 * roster on the loopback fake Roblox: the public groups API without a group key, Open Cloud's memberships listing
 * with it, paged through; members who never played are listed at 0, and a member GroupFlow knows only from the
 * game's reports whom Roblox does not list at a quota rank is listed with the reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@groupflow/core/contracts';
import type { CustomerBrowser } from '../test/customerBrowser.ts';
import { quotaWeekBegunDaysAgo, WorkspaceWorld } from '../test/workspaceWorld.ts';

const world = new WorkspaceWorld(5);
const { roblox: fake, run, rid, call, signIn, sql, groupKey: GROUP_KEY } = world;
const GROUP = rid(10);
const ROLE = { customer: rid(20), barista: rid(21), supervisor: rid(22), owner: rid(23) };
const OWNER = rid(1);
const BEN = rid(2);
const SUE = rid(3);
const CUSTOMER = rid(4);
/** Plays the game, but Roblox lists him at no rank of the group. */
const GUS = rid(5);
/** Enough baristas that both APIs answer the role in more than one page of 100. */
const MORE_BARISTAS = Array.from({ length: 120 }, (_, index) => rid(100 + index));
/** How long the roster is reused in this file (ROBLOX_GROUPS_CACHE_SECONDS). */
const CACHE_MS = 1000;

let owner: CustomerBrowser;
const g = { groupId: GROUP };

beforeAll(async () => {
  await world.start(GROUP, {
    name: 'Cafe',
    ownerId: OWNER,
    roles: [
      { id: ROLE.customer, name: 'Customer', rank: 1 },
      { id: ROLE.barista, name: 'Barista', rank: 5 },
      { id: ROLE.supervisor, name: 'Supervisor', rank: 50 },
      { id: ROLE.owner, name: 'Owner', rank: 255 },
    ],
    members: [
      { id: OWNER, name: 'Owner', roleId: ROLE.owner },
      { id: BEN, name: 'BaristaBen', roleId: ROLE.barista },
      { id: SUE, name: 'SupervisorSue', roleId: ROLE.supervisor },
      { id: CUSTOMER, name: 'Customer', roleId: ROLE.customer },
      ...MORE_BARISTAS.map((id, index) => ({ id, name: `Barista${index}x`, roleId: ROLE.barista })),
    ],
    cloudKey: true,
    env: { ROBLOX_GROUPS_CACHE_SECONDS: String(CACHE_MS / 1000), ...quotaWeekBegunDaysAgo(3) },
  });
  fake.addUser({ id: GUS, name: `GameGus${run}` });
  owner = await signIn('owner', OWNER);
  expect(
    (await call(owner, API.roblox.connectGroupWithRanks, { body: { groupId: GROUP, quotaSystem: true } })).status,
  ).toBe(201);
  // What the game's reports leave behind: members known by id and name only (no rank), and their stays.
  for (const [userId, name, minutes] of [
    [BEN, `BaristaBen${run}`, 2],
    [GUS, `GameGus${run}`, 3],
    [CUSTOMER, `Customer${run}`, 4],
  ] as const) {
    await sql(
      `insert into group_members (group_id, user_id, username, tracked_at) values (?, ?, ?, now())
       on conflict (group_id, user_id) do nothing`,
      [GROUP, userId, name],
    );
    await sql(
      `insert into activity_sessions (group_id, session_id, roblox_user_id, started_at, ended_at, closed_by)
       values (?, ?, ?, now() - (? * interval '1 minute') - interval '5 minutes', now() - interval '5 minutes', 'game')`,
      [GROUP, `s-${userId}`, userId, minutes],
    );
  }
  const saved = await call(owner, API.roblox.replaceQuotas, {
    params: g,
    body: { quotas: [{ name: 'Weekly minutes', kind: 'minutes-in-game', amount: 1, rankIds: [5, 50] }] },
  });
  expect(saved.status).toBe(200);
});

afterAll(() => world.stop());

const progressOf = async () => {
  const answer = await call(owner, API.roblox.readQuotaProgress, { params: g });
  expect(answer.status).toBe(200);
  return { ...answer.data!, byId: new Map(answer.data!.members.map((member) => [member.userId, member])) };
};
const rosterCalls = (kind: 'public' | 'cloud') =>
  fake.requests.filter((request) =>
    kind === 'public'
      ? request.includes(`/groups/v1/groups/${GROUP}/roles/`)
      : request.includes(`/cloud/v2/groups/${GROUP}/memberships`),
  ).length;
const cacheExpires = () => new Promise((resolve) => setTimeout(resolve, CACHE_MS + 100));

describe('quota progress roster', () => {
  it('lists BaristaBen (played) and SupervisorSue (never played) from the public roster, and GameGus with why', async () => {
    const progress = await progressOf();
    expect(progress.byId.get(BEN)).toMatchObject({
      username: `BaristaBen${run}`,
      rankId: 5,
      rankName: 'Barista',
      rankUnknown: null,
      behind: false,
    });
    expect(progress.byId.get(BEN)!.progress[0]).toMatchObject({ value: 2, met: true });
    expect(progress.byId.get(SUE)).toMatchObject({
      username: `SupervisorSue${run}`,
      rankId: 50,
      rankUnknown: null,
      behind: true,
    });
    expect(progress.byId.get(SUE)!.progress[0]).toMatchObject({ value: 0, met: false });
    expect(progress.byId.get(GUS)).toMatchObject({ rankUnknown: 'not-in-roster', rankId: null, behind: false });
    // A customer who played is not listed at a quota rank either: shown apart, without figures to chase.
    expect(progress.byId.get(CUSTOMER)).toMatchObject({ rankUnknown: 'not-in-roster', progress: [] });
    // The owner's rank has no quota, and GroupFlow stored it.
    expect(progress.byId.has(OWNER)).toBe(false);
    // Every barista, past the first page of 100.
    expect(MORE_BARISTAS.every((id) => progress.byId.get(id)?.rankId === 5)).toBe(true);
    expect(progress.rosterComplete).toBe(true);
    expect(rosterCalls('public')).toBeGreaterThan(2);
    expect(rosterCalls('cloud')).toBe(0);
    // Read again within the cache age: Roblox is not asked again.
    const before = rosterCalls('public');
    await progressOf();
    expect(rosterCalls('public')).toBe(before);
  });

  it("reads Open Cloud's memberships by role with the group's own key once it is saved", async () => {
    expect((await call(owner, API.roblox.saveOpenCloudKey, { params: g, body: { apiKey: GROUP_KEY } })).status).toBe(
      200,
    );
    await cacheExpires();
    const publicBefore = rosterCalls('public');
    const progress = await progressOf();
    expect(rosterCalls('cloud')).toBeGreaterThan(2);
    expect(rosterCalls('public')).toBe(publicBefore);
    // Open Cloud names members by id only: names come from the users API.
    expect(progress.byId.get(SUE)).toMatchObject({ username: `SupervisorSue${run}`, behind: true });
    expect(progress.byId.get(MORE_BARISTAS[119]!)).toMatchObject({ username: `Barista119x${run}`, rankId: 5 });
    expect(progress.byId.get(GUS)?.rankUnknown).toBe('not-in-roster');
  });

  it('lists the members GroupFlow knows as rank unknown when Roblox cannot answer, never a 500', async () => {
    await cacheExpires();
    fake.fail({ status: 503, times: 1000, pathIncludes: `/cloud/v2/groups/${GROUP}/memberships` });
    try {
      const progress = await progressOf();
      expect(progress.rosterComplete).toBe(false);
      expect(progress.byId.get(BEN)).toMatchObject({ rankUnknown: 'roblox-unavailable', behind: false });
      expect(progress.byId.get(GUS)?.rankUnknown).toBe('roblox-unavailable');
      // Sue is known to GroupFlow only through the roster that failed.
      expect(progress.byId.has(SUE)).toBe(false);
    } finally {
      fake.faults.length = 0;
    }
  });
});
