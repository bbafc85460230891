/**
 * The Roblox area over HTTP against real PostgreSQL, with Roblox (web APIs and OAuth) played by the loopback fake:
 * linking and its errors, proof by profile code and by OAuth, groups and connecting, 403 without access, the
 * workspace records, and in-game activity reported with the activity key. Every answer is parsed with its
 * endpoint's response schema.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { API, type Endpoint } from '@groupflow/core/contracts';
import { FAKE_PNG, FakeRobloxServer } from '@groupflow/adapters/testing/FakeRobloxServer';
import { freePort } from '@groupflow/adapters/net/freePort';
import { startTestApi, type TestApi } from '../test/apiHarness.ts';
import { CustomerBrowser } from '../test/customerBrowser.ts';

const fake = new FakeRobloxServer();
let testApi: TestApi;
// Ids of this run only: the Roblox cache lives in the shared test database.
const run = (Date.now() % 100_000_000) * 10;
const rid = (n: number) => String(run + n);
const ALICE = rid(1);
const BOB = rid(2);
const CAROL = rid(3);
const GROUP = rid(10);
const OTHER_GROUP = rid(11);
const VERIFY_ATTEMPTS_PER_HOUR = 4;
const SEARCHES_PER_MINUTE = 3;

const path = (endpoint: Endpoint, params: Record<string, string | number> = {}) =>
  endpoint.path.replace(/:(\w+)/g, (_, name: string) => String(params[name]));

/** Calls an endpoint as the browser and, on success, parses the answer with its response schema. */
async function call<E extends Endpoint>(
  browser: CustomerBrowser,
  endpoint: E,
  options: {
    params?: Record<string, string | number>;
    body?: unknown;
    query?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<{ status: number; body: any; data: z.output<E['response']> | undefined }> {
  const answer = await browser.json(
    endpoint.method,
    `${path(endpoint, options.params)}${options.query ?? ''}`,
    options.body,
    options.headers,
  );
  const ok = answer.status === (endpoint.successStatus ?? 200);
  return { ...answer, data: ok ? (endpoint.response.parse(answer.body) as z.output<E['response']>) : undefined };
}

function arrangeRoblox() {
  fake.addUser({ id: ALICE, name: `Alice${run}`, displayName: 'Alice', description: 'I build obbies' });
  fake.addUser({ id: BOB, name: `Bob${run}`, displayName: 'Bob' });
  fake.addUser({ id: CAROL, name: `Carol${run}`, displayName: 'Carol' });
  fake.addGroup({
    id: GROUP,
    name: `Obby Makers ${run}`,
    description: 'We make obbies',
    ownerId: ALICE,
    memberCount: 120,
    roles: [
      { id: rid(20), name: 'Member', rank: 1 },
      { id: rid(21), name: 'Trainer', rank: 50 },
      { id: rid(22), name: 'Owner', rank: 255 },
    ],
  });
  fake.addGroup({
    id: OTHER_GROUP,
    name: `Fan Club ${run}`,
    description: '',
    ownerId: BOB,
    memberCount: 9,
    roles: [{ id: rid(30), name: 'Fan', rank: 1 }],
  });
  fake.join(ALICE, GROUP, rid(22));
  fake.join(ALICE, OTHER_GROUP, rid(30));
  fake.join(BOB, GROUP, rid(20));
}

beforeAll(async () => {
  await fake.start();
  arrangeRoblox();
  // OAuth callbacks go to PUBLIC_URL, so the port is chosen up front.
  const port = await freePort();
  testApi = await startTestApi({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ROBLOX_API_BASE: fake.apiBase,
    ROBLOX_OAUTH_BASE_URL: `${fake.url}/oauth`,
    ROBLOX_RETRY_BASE_MS: '20',
    ROBLOX_REQUEST_TIMEOUT_MS: '1000',
    ROBLOX_VERIFY_CODE_PER_HOUR: String(VERIFY_ATTEMPTS_PER_HOUR),
    ROBLOX_USER_SEARCH_PER_MINUTE: String(SEARCHES_PER_MINUTE),
  });
});

afterAll(async () => {
  await testApi?.close();
  await fake.stop();
});

async function discordUser(name: string): Promise<CustomerBrowser> {
  const browser = new CustomerBrowser(testApi.url);
  await browser.signInWithDiscord(`${name}${run}`);
  return browser;
}

/** Links and proves the account with a profile code, as the add-account dialog does. */
async function linkAndProve(browser: CustomerBrowser, robloxId: string): Promise<void> {
  const user = fake.users.get(robloxId)!;
  expect((await call(browser, API.roblox.linkRobloxAccount, { body: { username: user.name } })).status).toBe(200);
  const { data } = await call(browser, API.roblox.issueVerificationCode, { body: {} });
  user.description = `GroupFlow ${data!.code}`;
  expect((await call(browser, API.roblox.verifyRobloxCode, { body: { code: data!.code } })).status).toBe(200);
}

describe('linking a Roblox account', () => {
  it('answers 401 to visitors and 400 naming the field for an empty username', async () => {
    const visitor = new CustomerBrowser(testApi.url);
    expect((await call(visitor, API.roblox.linkRobloxAccount, { body: { username: 'x' } })).status).toBe(401);
    expect((await call(visitor, API.customer.describeRobloxAccount)).status).toBe(401);
    const alice = await discordUser('alice-empty');
    const empty = await call(alice, API.roblox.linkRobloxAccount, { body: { username: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.issues[0].path).toEqual(['username']);
  });

  it('takes either field name, in any case, as a pending claim with the current roles; the link follows only the proof', async () => {
    const alice = await discordUser('alice-link');
    const linked = await call(alice, API.roblox.linkRobloxAccount, { body: { robloxUsername: `ALICE${run}` } });
    expect(linked.data).toEqual({
      robloxUsername: `Alice${run}`,
      robloxId: ALICE,
      isVerified: false,
      currentRoles: [`Obby Makers ${run}: Owner`, `Fan Club ${run}: Fan`],
    });
    // Issue 22: a typed name is a claim beside the link, never the link itself.
    const claimed = await call(alice, API.customer.describeRobloxAccount);
    expect(claimed.data).toMatchObject({
      robloxUsername: null,
      robloxId: null,
      isVerified: false,
      pendingClaim: { robloxId: ALICE, robloxUsername: `Alice${run}` },
    });
    expect((await call(alice, API.roblox.readRobloxProfile)).status).toBe(403);
    await linkAndProve(alice, ALICE);
    const me = await call(alice, API.customer.describeRobloxAccount);
    expect(me.data).toMatchObject({
      robloxUsername: `Alice${run}`,
      robloxId: ALICE,
      isVerified: true,
      pendingClaim: null,
    });
    expect(me.data!.currentRoles).toHaveLength(2);
    const profile = await call(alice, API.roblox.readRobloxProfile);
    // Our address, not Roblox's: the browser never calls Roblox.
    expect(profile.data).toEqual({
      id: ALICE,
      username: `Alice${run}`,
      displayName: 'Alice',
      profileImageUrl: `/api/roblox/users/${ALICE}/headshot`,
    });
    // Visitors get no headshot (issue 23): the image costs us a Roblox call, so only a session may ask.
    expect((await fetch(`${testApi.url}${profile.data!.profileImageUrl}`)).status).toBe(401);
    const headshot = await alice.fetch(profile.data!.profileImageUrl!);
    expect(headshot.status).toBe(200);
    expect(headshot.headers.get('content-type')).toBe('image/png');
    expect(headshot.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    expect(Buffer.from(await headshot.arrayBuffer()).equals(FAKE_PNG)).toBe(true);
    expect((await alice.fetch('/api/roblox/users/999999999/headshot')).status).toBe(404);
    const bad = await alice.fetch('/api/roblox/users/alice/headshot');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      message: expect.any(String),
      issues: [expect.objectContaining({ path: ['userId'] })],
    });
    const search = await call(alice, API.roblox.searchRobloxUsers, { query: `?keyword=alice${run}` });
    expect(search.data!.data.map((user) => user.name)).toEqual([`Alice${run}`]);
    // Unlinking frees the account for someone else.
    expect((await call(alice, API.roblox.unlinkRobloxAccount)).status).toBe(200);
    expect((await call(alice, API.customer.describeRobloxAccount)).data).toMatchObject({
      robloxId: null,
      robloxUsername: null,
      isVerified: false,
    });
  });

  it('limits user searches per customer: over the limit 429 with Retry-After, Roblox not asked (issue 23)', async () => {
    const searcher = await discordUser('searcher');
    for (let i = 0; i < SEARCHES_PER_MINUTE; i += 1)
      expect((await call(searcher, API.roblox.searchRobloxUsers, { query: `?keyword=quota${i}${run}` })).status).toBe(
        200,
      );
    const asked = fake.requests.length;
    const refused = await searcher.fetch(`${API.roblox.searchRobloxUsers.path}?keyword=quota-more${run}`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(fake.requests.length).toBe(asked);
    expect(
      (await call(await discordUser('searcher-2'), API.roblox.searchRobloxUsers, { query: `?keyword=x${run}` })).status,
    ).toBe(200);
  });

  it('never fetches or passes on a headshot from off the Roblox image hosts, nor one over the size cap (issue 23)', async () => {
    const offHost: string[] = [];
    const elsewhere = createServer((req, res) => {
      offHost.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(FAKE_PNG);
    });
    const port = await freePort();
    await new Promise<void>((resolve) => elsewhere.listen(port, '127.0.0.1', resolve));
    try {
      const victim = fake.addUser({ id: rid(5), name: `Eve${run}` });
      fake.headshotOverrides.set(victim.id, { imageUrl: `http://127.0.0.1:${port}/metadata.png` });
      const big = fake.addUser({ id: rid(6), name: `Big${run}` });
      fake.headshotOverrides.set(big.id, { body: Buffer.alloc(1024 * 1024 + 1) });
      const customer = await discordUser('headshots');
      expect((await customer.fetch(`/api/roblox/users/${victim.id}/headshot`)).status).toBe(404);
      expect((await customer.fetch(`/api/roblox/users/${big.id}/headshot`)).status).toBe(404);
      expect(offHost).toEqual([]);
    } finally {
      await new Promise((resolve) => elsewhere.close(resolve));
    }
  });

  it('says "not found", "already linked", "rate limited" and "Roblox is not answering"', async () => {
    const carol = await discordUser('carol');
    const unknown = await call(carol, API.roblox.linkRobloxAccount, { body: { username: `Nobody${run}` } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toContain('not found');

    await linkAndProve(carol, CAROL);
    const thief = await discordUser('thief');
    const taken = await call(thief, API.roblox.linkRobloxAccount, { body: { username: `Carol${run}` } });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toContain('already linked');

    fake.fail({ status: 429, times: 3, retryAfter: '0', pathIncludes: '/v1/usernames/users' });
    const limited = await call(thief, API.roblox.linkRobloxAccount, { body: { username: `RateLimited${run}` } });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toContain('rate limited');

    fake.fail({ status: 503, times: 1, pathIncludes: '/v1/usernames/users' });
    const down = await call(thief, API.roblox.linkRobloxAccount, { body: { username: `Down${run}` } });
    expect(down.status).toBe(503);
    expect(down.body.message).toContain('Roblox is not answering');

    // The document requires no field, so `{}` is a valid answer to it; the product needs `data`, and says so.
    fake.fail({ status: 200, times: 1, pathIncludes: '/v1/usernames/users', body: {} });
    const unreadable = await call(thief, API.roblox.linkRobloxAccount, { body: { username: `Unreadable${run}` } });
    expect(unreadable.status).toBe(503);
    expect(unreadable.body).toMatchObject({
      code: 'ROBLOX.UNAVAILABLE',
      message: 'Roblox answered POST users.roblox.com/v1/usernames/users without data',
    });
    expect((await call(thief, API.customer.describeRobloxAccount)).data?.robloxId).toBeNull();
    await call(carol, API.roblox.unlinkRobloxAccount);
  });
});

describe('proving ownership', () => {
  it('by a profile code read through the users API; 6 characters on request', async () => {
    const bob = await discordUser('bob-code');
    await call(bob, API.roblox.linkRobloxAccount, { body: { username: `Bob${run}` } });
    expect((await call(bob, API.roblox.issueVerificationCode, { body: { length: 6 } })).data!.code).toMatch(
      /^[A-Z0-9]{6}$/,
    );
    const { data } = await call(bob, API.roblox.issueVerificationCode, { body: {} });
    expect(data!.code).toMatch(/^[A-Z0-9]{8}$/);
    const absent = await call(bob, API.roblox.verifyRobloxCode, { body: { code: data!.code } });
    expect(absent.status).toBe(400);
    expect(absent.body).toMatchObject({
      code: 'ROBLOX.CODE_NOT_IN_PROFILE',
      message: `We couldn't find ${data!.code} in Bob${run}'s About yet. Save the profile on Roblox, wait a moment and press Verify again`,
    });
    fake.users.get(BOB)!.description = `hi ${data!.code}`;
    const wrongTyped = await call(bob, API.roblox.verifyRobloxCode, { body: { code: 'ZZZZZZZZ' } });
    expect(wrongTyped.body.message).toBe('Invalid verification code');
    const proved = await call(bob, API.roblox.verifyRobloxCode, { body: { code: data!.code.toLowerCase() } });
    expect(proved.data).toEqual({ isVerified: true, robloxId: BOB, robloxUsername: `Bob${run}` });
    expect((await call(bob, API.customer.describeRobloxAccount)).data?.isVerified).toBe(true);
    // The code is spent.
    expect((await call(bob, API.roblox.verifyRobloxCode, { body: {} })).status).toBe(400);
    await call(bob, API.roblox.unlinkRobloxAccount);
  });

  it('limits profile-code checks per customer: over the limit 429 with Retry-After, others unaffected (issue 23)', async () => {
    const dave = fake.addUser({ id: rid(4), name: `Dave${run}`, displayName: 'Dave' });
    const carol = await discordUser('carol-quota');
    expect((await call(carol, API.roblox.linkRobloxAccount, { body: { username: dave.name } })).status).toBe(200);
    await call(carol, API.roblox.issueVerificationCode, { body: {} });
    for (let i = 0; i < VERIFY_ATTEMPTS_PER_HOUR; i += 1)
      expect((await call(carol, API.roblox.verifyRobloxCode, { body: {} })).status).toBe(400);
    const reads = fake.requests.length;
    const refused = await carol.fetch(API.roblox.verifyRobloxCode.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(fake.requests.length).toBe(reads);
    // A second account of the same person is a customer of its own, with its own quota.
    await call(carol, API.roblox.unlinkRobloxAccount);
    const second = await discordUser('carol-second');
    expect((await call(second, API.roblox.linkRobloxAccount, { body: { username: dave.name } })).status).toBe(200);
    await call(second, API.roblox.issueVerificationCode, { body: {} });
    expect((await call(second, API.roblox.verifyRobloxCode, { body: {} })).status).toBe(400);
    await call(second, API.roblox.unlinkRobloxAccount);
  });

  it('by Roblox OAuth with the same account, which releases an unproven claim on it', async () => {
    const squatter = await discordUser('squatter');
    await call(squatter, API.roblox.linkRobloxAccount, { body: { username: `Bob${run}` } });
    const bob = await discordUser('bob-oauth');
    fake.oauthUserId = BOB;
    expect(await bob.signInWithRoblox()).toBe('/roblox-login?success=true');
    expect((await call(bob, API.customer.describeRobloxAccount)).data).toMatchObject({
      robloxId: BOB,
      isVerified: true,
    });
    expect((await call(squatter, API.customer.describeRobloxAccount)).data).toMatchObject({
      robloxId: null,
      pendingClaim: null,
    });
  });
});

/** A report as a game server sends it: stamped with a new eventId and the time it is sent (issue 23). */
const stamped = (body: object, sentAt = new Date()) => ({
  ...body,
  eventId: randomUUID(),
  sentAt: sentAt.toISOString(),
});

describe('groups and the workspace', () => {
  let alice: CustomerBrowser;
  let bob: CustomerBrowser;
  /** Shown once, in the answer to connecting. */
  let activityKey: string;

  beforeAll(async () => {
    alice = await discordUser('alice-groups');
    await linkAndProve(alice, ALICE);
    // Bob proved his account by OAuth above; signing in with Roblox again finds that user.
    bob = new CustomerBrowser(testApi.url);
    fake.oauthUserId = BOB;
    await bob.signInWithRoblox();
  });

  it('lists the user’s groups with hasAccess, and a group’s ranks', async () => {
    const groups = await call(alice, API.roblox.listUserGroups);
    expect(groups.data!.map((group) => [group.groupId, group.role.name, group.hasAccess])).toEqual([
      [GROUP, 'Owner', true],
      [OTHER_GROUP, 'Fan', false],
    ]);
    expect(groups.data![0]).toMatchObject({
      name: `Obby Makers ${run}`,
      memberCount: 120,
      description: 'We make obbies',
      owner: { userId: ALICE },
    });
    const ranks = await call(alice, API.roblox.listGroupRanks, { params: { groupId: GROUP } });
    expect(ranks.data!.map((rank) => [rank.rankId, rank.rankName, rank.memberCount])).toEqual([
      [1, 'Member', 1],
      [50, 'Trainer', 0],
      [255, 'Owner', 1],
    ]);
    expect((await call(alice, API.roblox.lookUpGroup, { params: { groupId: GROUP } })).data).toMatchObject({
      groupId: GROUP,
      memberCount: 120,
    });
    expect((await call(alice, API.roblox.lookUpGroup, { params: { groupId: 'abc' } })).status).toBe(400);
  });

  it('connects only for a manager: "not a member", 403, "Roblox account not linked", "already connected"', async () => {
    const notMember = await call(bob, API.roblox.connectGroupWithRanks, { body: { groupId: OTHER_GROUP } });
    expect(notMember.status).toBe(403);
    expect(notMember.body.message).toContain('not a member');
    expect((await call(bob, API.roblox.connectGroupWithRanks, { body: { groupId: GROUP } })).status).toBe(403);
    expect((await call(alice, API.roblox.connectGroup, { body: { groupId: OTHER_GROUP } })).status).toBe(403);
    const unlinked = await call(await discordUser('dave'), API.roblox.connectGroupWithRanks, {
      body: { groupId: GROUP },
    });
    expect(unlinked.status).toBe(403);
    expect(unlinked.body.message).toContain('Roblox account not linked');

    const connected = await call(alice, API.roblox.connectGroupWithRanks, {
      body: {
        groupId: GROUP,
        activityTracking: true,
        autoRank: false,
        quotaSystem: true,
        rankPermissions: [{ rankId: 50, rankName: 'Trainer', canAccessWorkspace: true, canAssignHostSelf: true }],
      },
    });
    expect(connected.status).toBe(201);
    expect(connected.data).toMatchObject({
      groupId: GROUP,
      owner: `Alice${run}`,
      quotaSystem: true,
      activityTrackingEnabled: true,
    });
    expect(connected.data!.roles.find((rank) => rank.rankId === 50)?.permissions).toMatchObject({
      canAccessWorkspace: true,
      canAssignHostSelf: true,
    });
    // The new key is answered this once; no list, read or stored column shows it again (issue 23).
    activityKey = connected.data!.activityKey;
    expect(activityKey).toMatch(/^gfa_[\w-]{43}$/);
    const again = await call(alice, API.roblox.connectGroup, { body: { groupId: GROUP } });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('already connected');
    expect((await call(alice, API.roblox.listConnectedGroups)).data!.map((group) => group.groupId)).toContain(GROUP);
    expect((await call(alice, API.roblox.listUserGroups)).data![0]!.connected).toBe(true);
    for (const endpoint of [
      API.roblox.listConnectedGroups,
      API.roblox.getConnectedGroup,
      API.roblox.readWorkspaceSettings,
    ])
      expect(JSON.stringify((await call(alice, endpoint, { params: { groupId: GROUP } })).body)).not.toContain(
        activityKey,
      );
    const stored = await testApi.orm.em.fork().getConnection().execute('select * from roblox_groups');
    expect(JSON.stringify(stored)).not.toContain(activityKey);
  });

  it('answers 403 on every group endpoint to a member without access', async () => {
    for (const endpoint of [
      API.roblox.listGroupMembers,
      API.roblox.readGroupActivity,
      API.roblox.listApplications,
      API.roblox.listTraining,
      API.roblox.readGroupStats,
      API.roblox.readWorkspaceSettings,
      API.roblox.getConnectedGroup,
    ]) {
      const answer = await call(bob, endpoint, { params: { groupId: GROUP } });
      expect(answer.status, endpoint.path).toBe(403);
    }
    expect(
      (
        await call(bob, API.roblox.updateWorkspaceSettings, {
          params: { groupId: GROUP },
          body: { rotateActivityKey: true },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(bob, API.roblox.createApplication, {
          params: { groupId: GROUP },
          body: { applicantName: 'x', desiredRank: 'y' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await call(new CustomerBrowser(testApi.url), API.roblox.listGroupMembers, { params: { groupId: GROUP } }))
        .status,
    ).toBe(401);
  });

  it('keeps applications and training sessions, with status changes', async () => {
    const created = await call(alice, API.roblox.createApplication, {
      params: { groupId: GROUP },
      body: { applicantName: 'Newbie', desiredRank: 'Trainer' },
    });
    expect(created.data).toMatchObject({ applicantName: 'Newbie', desiredRank: 'Trainer', status: 'pending' });
    const moved = await call(alice, API.roblox.changeApplicationStatus, {
      params: { groupId: GROUP, id: created.data!.id },
      body: { status: 'under_review' },
    });
    expect(moved.data!.status).toBe('under_review');
    expect(
      (
        await call(alice, API.roblox.changeApplicationStatus, {
          params: { groupId: GROUP, id: 999_999 },
          body: { status: 'accepted' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(alice, API.roblox.changeApplicationStatus, {
          params: { groupId: GROUP, id: created.data!.id },
          body: { status: 'maybe' },
        })
      ).status,
    ).toBe(400);
    const training = await call(alice, API.roblox.createTraining, {
      params: { groupId: GROUP },
      body: {
        title: 'Host basics',
        hostName: `Alice${run}`,
        participantCount: 4,
        scheduledAt: '2030-01-01T18:00:00.000Z',
      },
    });
    expect(training.data).toMatchObject({ title: 'Host basics', status: 'scheduled', participantCount: 4 });
    await call(alice, API.roblox.changeTrainingStatus, {
      params: { groupId: GROUP, id: training.data!.id },
      body: { status: 'active' },
    });
    expect(
      (await call(alice, API.roblox.listTraining, { params: { groupId: GROUP } })).data!.map((row) => row.status),
    ).toEqual(['active']);
    expect((await call(alice, API.roblox.listApplications, { params: { groupId: GROUP } })).data).toHaveLength(1);
  });

  it('takes session reports with the activity key and shows them in the workspace', async () => {
    const settings = await call(alice, API.roblox.readWorkspaceSettings, { params: { groupId: GROUP } });
    expect(settings.data!.activityKeyPrefix).toBe(activityKey.slice(0, 8));
    expect(settings.data).not.toHaveProperty('activityKey');
    expect(settings.data!.activityEndpoint).toBe(`${testApi.url}/api/roblox/groups/${GROUP}/activity/sessions`);
    const send = (body: unknown, bearer = activityKey) =>
      call(new CustomerBrowser(testApi.url), API.roblox.recordActivity, {
        params: { groupId: GROUP },
        body,
        headers: { authorization: `Bearer ${bearer}` },
      });
    const report = (body: object, bearer = activityKey) => send(stamped(body), bearer);

    expect((await report({ userId: Number(BOB), event: 'start', sessionId: 's-1' }, 'wrong')).status).toBe(401);
    expect((await report({ userId: 'x', event: 'start', sessionId: 's-1' })).status).toBe(400);
    // Unstamped reports (an old script) are bad input, naming what is missing.
    const unstamped = await send({ userId: Number(BOB), event: 'start', sessionId: 's-1' });
    expect(unstamped.status).toBe(400);
    expect(unstamped.body.issues.map((issue: { path: string[] }) => issue.path[0])).toEqual(
      expect.arrayContaining(['eventId', 'sentAt']),
    );
    expect(
      (await report({ userId: Number(BOB), username: `Bob${run}`, event: 'start', sessionId: 's-1', placeId: 606 }))
        .data,
    ).toEqual({ accepted: 1, started: 1, ended: 0, ignored: 0 });
    const bulk = await report({
      events: [
        { userId: rid(40), username: 'Guest40', event: 'start', sessionId: 's-2', placeId: 606 },
        { userId: rid(41), event: 'start', sessionId: 's-3', placeId: 707 },
        { userId: rid(41), event: 'start', sessionId: 's-3', placeId: 707 },
      ],
    });
    expect(bulk.data).toEqual({ accepted: 3, started: 2, ended: 0, ignored: 1 });
    const stats = await call(alice, API.roblox.readGroupStats, { params: { groupId: GROUP } });
    expect(stats.data).toMatchObject({
      activeStaff: 3,
      sessionsToday: 3,
      trackedMembers: 3,
      pendingApplications: 0,
      totalMembers: 120,
    });

    const shutdown = {
      events: [
        { userId: Number(BOB), event: 'end', sessionId: 's-1', idleSeconds: 0 },
        { userId: rid(40), event: 'end', sessionId: 's-2' },
      ],
    };
    expect((await report(shutdown)).data).toMatchObject({ ended: 2 });
    // The same events in a new report are accepted and change nothing.
    expect((await report(shutdown)).data).toMatchObject({ ended: 0, ignored: 2 });

    const members = await call(alice, API.roblox.listGroupMembers, { params: { groupId: GROUP } });
    const bobRow = members.data!.find((member) => member.userId === BOB);
    expect(bobRow).toMatchObject({ username: `Bob${run}`, isTracked: true, isOnline: false });
    expect(members.data!.find((member) => member.userId === ALICE)).toMatchObject({ rank: 'Owner', isTracked: false });
    const activity = await call(alice, API.roblox.readGroupActivity, { params: { groupId: GROUP } });
    expect(
      activity.data!.map((row) => [row.placeId, row.playerCount, row.activePlayers, row.sessionCount]).sort(),
    ).toEqual([
      ['606', 2, 0, 2],
      ['707', 1, 1, 1],
    ]);
    const sessions = await call(alice, API.roblox.listActivitySessions, { params: { groupId: GROUP } });
    expect(sessions.data!.find((row) => row.sessionId === 's-1')).toMatchObject({
      userId: BOB,
      closedBy: 'game',
      username: `Bob${run}`,
    });
    expect((await call(alice, API.roblox.readGroupStats, { params: { groupId: GROUP } })).data!.activeStaff).toBe(1);
  });

  it('closes a session left open past the cap at start + cap', async () => {
    await call(new CustomerBrowser(testApi.url), API.roblox.recordActivity, {
      params: { groupId: GROUP },
      body: stamped({ userId: rid(42), event: 'start', sessionId: 's-old' }),
      headers: { authorization: `Bearer ${activityKey}` },
    });
    await testApi.orm.em
      .fork()
      .getConnection()
      .execute(
        "update activity_sessions set started_at = now() - interval '7 hours' where group_id = ? and session_id = 's-old'",
        [GROUP],
      );
    const sessions = await call(alice, API.roblox.listActivitySessions, { params: { groupId: GROUP } });
    const old = sessions.data!.find((row) => row.sessionId === 's-old')!;
    expect(old.closedBy).toBe('cap');
    expect(old.minutes).toBe(360);
  });

  it('refuses a captured report replayed, and a stale one, with 409, writing nothing (issue 23)', async () => {
    const send = (body: unknown) =>
      call(new CustomerBrowser(testApi.url), API.roblox.recordActivity, {
        params: { groupId: GROUP },
        body,
        headers: { authorization: `Bearer ${activityKey}` },
      });
    const sessionsOf = async (sessionId: string) =>
      (await call(alice, API.roblox.listActivitySessions, { params: { groupId: GROUP } })).data!.filter(
        (row) => row.sessionId === sessionId,
      );
    const captured = stamped({ userId: rid(44), event: 'start', sessionId: 's-replay' });
    expect((await send(captured)).data).toMatchObject({ started: 1 });
    // The attacker ends the session and replays the start to open it again: the replay is refused.
    expect((await send(stamped({ userId: rid(44), event: 'end', sessionId: 's-replay' }))).data).toMatchObject({
      ended: 1,
    });
    const replay = await send(captured);
    expect(replay.status).toBe(409);
    expect(replay.body.message).toContain('already received');
    // Changing the session id of the captured body does not help: the eventId is the report's.
    expect((await send({ ...captured, sessionId: 's-replay-2' })).status).toBe(409);
    expect(await sessionsOf('s-replay-2')).toEqual([]);

    const stale = await send(
      stamped({ userId: rid(45), event: 'start', sessionId: 's-late' }, new Date(Date.now() - 6 * 60_000)),
    );
    expect(stale.status).toBe(409);
    expect(stale.body.message).toContain('sentAt');
    const ahead = await send(
      stamped({ userId: rid(45), event: 'start', sessionId: 's-late' }, new Date(Date.now() + 6 * 60_000)),
    );
    expect(ahead.status).toBe(409);
    expect(await sessionsOf('s-late')).toEqual([]);
  });

  it('lets managers change settings and rotate the key; the old key stops working', async () => {
    const before = (await call(alice, API.roblox.readWorkspaceSettings, { params: { groupId: GROUP } })).data!;
    const updated = await call(alice, API.roblox.updateWorkspaceSettings, {
      params: { groupId: GROUP },
      body: {
        autoPromotions: true,
        authorizedRoles: ['Owner', 'Trainer', 'Trainer'],
        themeColor: '#112233',
        rotateActivityKey: true,
      },
    });
    expect(updated.data).toMatchObject({
      autoPromotions: true,
      authorizedRoles: ['Owner', 'Trainer'],
      themeColor: '#112233',
    });
    // The new key shows in this answer only; reads show its first characters.
    const rotated = updated.data!.activityKey!;
    expect(rotated).toMatch(/^gfa_/);
    expect(rotated).not.toBe(activityKey);
    const after = (await call(alice, API.roblox.readWorkspaceSettings, { params: { groupId: GROUP } })).data!;
    expect(after).not.toHaveProperty('activityKey');
    expect(after.activityKeyPrefix).toBe(rotated.slice(0, 8));
    expect(after.activityKeyPrefix).not.toBe(before.activityKeyPrefix);
    const withKey = (key: string) =>
      call(new CustomerBrowser(testApi.url), API.roblox.recordActivity, {
        params: { groupId: GROUP },
        body: stamped({ userId: rid(43), event: 'start', sessionId: 's-stale' }),
        headers: { authorization: `Bearer ${key}` },
      });
    expect((await withKey(activityKey)).status).toBe(401);
    expect((await withKey(rotated)).status).toBe(200);
    // Another change without rotating shows no key.
    const plain = await call(alice, API.roblox.updateWorkspaceSettings, {
      params: { groupId: GROUP },
      body: { autoPromotions: false },
    });
    expect(plain.data).not.toHaveProperty('activityKey');
    const bad = await call(alice, API.roblox.updateWorkspaceSettings, {
      params: { groupId: GROUP },
      body: { themeColor: 'blue' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toEqual(['themeColor']);
  });
});
