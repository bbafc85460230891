/**
 * Ranking a member from the workspace over HTTP, against real PostgreSQL and the loopback fake speaking Open Cloud
 * v2: the group's key checked by Open Cloud and sealed at rest, `:assignRole` with that key, the audit trail, the
 * member's Discord role resync queued in pg-boss and their notification; and the abuse cases: a manager reaching
 * their own rank, a peer, a stranger, a demoted admin, and a refused key that must not replace the good one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@groupflow/core/contracts';
import type { CustomerBrowser } from '../test/customerBrowser.ts';
import { WorkspaceWorld } from '../test/workspaceWorld.ts';

const world = new WorkspaceWorld(3);
const { roblox: fake, run, rid, call, signIn, groupKey: GROUP_KEY } = world;
const OWNER = rid(1);
const MODERATOR = rid(2);
const PEER = rid(3);
const MEMBER = rid(4);
const GROUP = rid(10);
const ROLE = { member: rid(20), staff: rid(21), moderator: rid(22), owner: rid(23) };

let owner: CustomerBrowser;
let moderator: CustomerBrowser;
let member: CustomerBrowser;
const params = (userId: string) => ({ groupId: GROUP, userId });

beforeAll(async () => {
  await world.start(GROUP, {
    name: 'Cafe',
    ownerId: OWNER,
    roles: [
      { id: ROLE.member, name: 'Member', rank: 1 },
      { id: ROLE.staff, name: 'Staff', rank: 10 },
      { id: ROLE.moderator, name: 'Moderator', rank: 100 },
      { id: ROLE.owner, name: 'Owner', rank: 255 },
    ],
    members: [
      { id: OWNER, name: 'Owner', roleId: ROLE.owner },
      { id: MODERATOR, name: 'Moderator', roleId: ROLE.moderator },
      { id: PEER, name: 'Peer', roleId: ROLE.moderator },
      { id: MEMBER, name: 'Member', roleId: ROLE.member },
    ],
    cloudKey: true,
    env: {
      ROBLOX_RETRY_BASE_MS: '20',
      ROBLOX_REQUEST_TIMEOUT_MS: '1000',
      // Rank lookups for access are not kept: a demoted admin loses access at once.
      ROBLOX_GROUPS_CACHE_SECONDS: '1',
    },
  });
  owner = await signIn('owner', OWNER);
  moderator = await signIn('moderator', MODERATOR);
  member = await signIn('member', MEMBER);
  expect((await call(owner, API.roblox.connectGroupWithRanks, { body: { groupId: GROUP } })).status).toBe(201);
});

afterAll(() => world.stop());

describe("the group's Open Cloud key", () => {
  it('is refused (400, nothing stored) when Open Cloud does not accept it, and stored sealed when it does', async () => {
    const refused = await call(owner, API.roblox.saveOpenCloudKey, {
      params: { groupId: GROUP },
      body: { apiKey: 'a-key-nobody-issued-1234567890' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.issues[0].path).toEqual(['apiKey']);
    expect((await call(owner, API.roblox.readOpenCloudKey, { params: { groupId: GROUP } })).data).toMatchObject({
      set: false,
      permissions: [],
      savedAt: null,
    });
    expect(
      (await call(owner, API.roblox.changeMemberRank, { params: params(MEMBER), body: { rankId: 10, reason: 'x' } }))
        .status,
    ).toBe(409);

    const saved = await call(owner, API.roblox.saveOpenCloudKey, {
      params: { groupId: GROUP },
      body: { apiKey: GROUP_KEY },
    });
    expect(saved.data).toMatchObject({ set: true, permissions: ['group:read', 'group:write'] });
    expect(JSON.stringify(saved.body)).not.toContain(GROUP_KEY);
    const [row] = await world.testApi.orm.em
      .fork()
      .getConnection()
      .execute<{ sealed_key: string }[]>('select sealed_key from group_open_cloud_keys where group_id = ?', [GROUP]);
    expect(row!.sealed_key).toMatch(/^v1\./);
    expect(row!.sealed_key).not.toContain(GROUP_KEY);

    // A later refused key leaves the good one in place.
    expect(
      (
        await call(owner, API.roblox.saveOpenCloudKey, {
          params: { groupId: GROUP },
          body: { apiKey: 'another-bad-key-1234567890' },
        })
      ).status,
    ).toBe(400);
    expect((await call(owner, API.roblox.readOpenCloudKey, { params: { groupId: GROUP } })).data?.set).toBe(true);
  });

  it('is neither read nor replaced by a member without manage rights', async () => {
    expect((await call(member, API.roblox.readOpenCloudKey, { params: { groupId: GROUP } })).status).toBe(403);
    expect(
      (await call(member, API.roblox.saveOpenCloudKey, { params: { groupId: GROUP }, body: { apiKey: GROUP_KEY } }))
        .status,
    ).toBe(403);
  });
});

describe('ranking a member', () => {
  it('assigns the role through Open Cloud, audits it, queues the Discord resync and notifies the member', async () => {
    fake.fail({ status: 429, times: 1, retryAfter: '0', pathIncludes: ':assignRole' });
    const ranked = await call(owner, API.roblox.changeMemberRank, {
      params: params(MEMBER),
      body: { rankId: 10, reason: 'Passed the barista training' },
    });
    expect(ranked.status).toBe(200);
    expect(ranked.data).toMatchObject({
      actorName: `Owner${run}`,
      targetUserId: MEMBER,
      targetName: `Member${run}`,
      fromRank: 1,
      toRank: 10,
      toRoleName: 'Staff',
      result: 'succeeded',
      source: 'manual',
    });
    expect(fake.memberships.get(MEMBER)?.get(GROUP)).toBe(ROLE.staff);
    expect(fake.assignedRoles.at(-1)?.apiKey).toBe(GROUP_KEY);

    const audit = await call(owner, API.roblox.readRankAudit, { params: { groupId: GROUP } });
    expect(audit.data?.[0]).toMatchObject({ id: ranked.data!.id, reason: 'Passed the barista training' });

    const jobs = await world.testApi.orm.em
      .fork()
      .getConnection()
      .execute<{ data: { discordUserId: string } }[]>(
        "select data from pgboss.job where name like 'discord-user-sync-%' and data->>'discordUserId' = ?",
        [((await member.json('GET', '/api/user')).body as { discordId: string }).discordId],
      );
    expect(jobs.length).toBeGreaterThan(0);

    const notifications = await call(member, API.roblox.listNotifications);
    expect(notifications.data?.[0]).toMatchObject({ kind: 'rank-changed', isRead: false });
    const read = await call(member, API.roblox.markNotificationsRead, { body: { ids: [notifications.data![0]!.id] } });
    expect(read.data?.[0]?.isRead).toBe(true);
    // Nobody else sees or marks them.
    expect(
      (await call(owner, API.roblox.listNotifications)).data?.some((n) => n.id === notifications.data![0]!.id),
    ).toBe(false);
  });

  it('keeps a moderator below their own rank: not to it, not a peer, not the owner, not themselves', async () => {
    const before = fake.assignedRoles.length;
    for (const [userId, rankId] of [
      [MEMBER, 100],
      [MEMBER, 255],
      [PEER, 1],
      [OWNER, 1],
      [MODERATOR, 1],
    ] as const) {
      const answer = await call(moderator, API.roblox.changeMemberRank, {
        params: params(userId),
        body: { rankId, reason: 'x' },
      });
      expect(answer.status, `${userId} to ${rankId}`).toBe(403);
    }
    expect(fake.assignedRoles.length).toBe(before);
    expect(
      (
        await call(moderator, API.roblox.changeMemberRank, {
          params: params(MEMBER),
          body: { rankId: 1, reason: 'Demoted' },
        })
      ).status,
    ).toBe(200);
  });

  it('answers 400 for a rank no role has and for a missing reason, 404 for a non-member, writing nothing', async () => {
    const before = fake.assignedRoles.length;
    expect(
      (await call(owner, API.roblox.changeMemberRank, { params: params(MEMBER), body: { rankId: 77, reason: 'x' } }))
        .status,
    ).toBe(400);
    expect(
      (await call(owner, API.roblox.changeMemberRank, { params: params(MEMBER), body: { rankId: 10 } })).status,
    ).toBe(400);
    expect(
      (await call(owner, API.roblox.changeMemberRank, { params: params(rid(99)), body: { rankId: 10, reason: 'x' } }))
        .status,
    ).toBe(404);
    expect(fake.assignedRoles.length).toBe(before);
  });

  it('audits a change Open Cloud keeps failing, answering 503', async () => {
    fake.fail({ status: 503, times: 20, pathIncludes: ':assignRole' });
    const answer = await call(owner, API.roblox.changeMemberRank, {
      params: params(MEMBER),
      body: { rankId: 10, reason: 'Retry me' },
    });
    fake.faults.length = 0;
    expect(answer.status).toBe(503);
    const audit = await call(owner, API.roblox.readRankAudit, { params: { groupId: GROUP } });
    expect(audit.data?.[0]).toMatchObject({ result: 'failed', reason: 'Retry me' });
    expect(audit.data?.[0]?.error).toBeTruthy();
  });

  it('accepts an application with a note and ranks the applicant first; a refused rank leaves it pending', async () => {
    const created = await call(owner, API.roblox.createApplication, {
      params: { groupId: GROUP },
      body: { applicantName: `Member${run}`, desiredRank: 'Staff' },
    });
    const id = created.data!.id;
    const refused = await call(moderator, API.roblox.reviewApplication, {
      params: { groupId: GROUP, id },
      body: { decision: 'accepted', rank: { userId: MEMBER, rankId: 100 } },
    });
    expect(refused.status).toBe(403);
    expect(
      (await call(owner, API.roblox.listApplications, { params: { groupId: GROUP } })).data?.find((a) => a.id === id)
        ?.status,
    ).toBe('pending');
    expect(
      (
        await call(owner, API.roblox.reviewApplication, {
          params: { groupId: GROUP, id },
          body: { decision: 'rejected', rank: { userId: MEMBER, rankId: 10 } },
        })
      ).status,
    ).toBe(400);
    const reviewed = await call(owner, API.roblox.reviewApplication, {
      params: { groupId: GROUP, id },
      body: { decision: 'accepted', note: 'Welcome aboard', rank: { userId: MEMBER, rankId: 10 } },
    });
    expect(reviewed.data).toMatchObject({
      application: { status: 'accepted', reviewNote: 'Welcome aboard', reviewedBy: `Owner${run}` },
      rankChange: { source: 'application', toRank: 10, targetUserId: MEMBER },
    });
    expect(fake.memberships.get(MEMBER)?.get(GROUP)).toBe(ROLE.staff);
    expect(
      (
        await call(owner, API.roblox.reviewApplication, {
          params: { groupId: GROUP, id },
          body: { decision: 'rejected' },
        })
      ).status,
    ).toBe(409);
  });

  it('refuses a manager Roblox has since demoted, and a member reading the audit trail', async () => {
    expect((await call(member, API.roblox.readRankAudit, { params: { groupId: GROUP } })).status).toBe(403);
    fake.join(MODERATOR, GROUP, ROLE.member);
    await world.testApi.orm.em
      .fork()
      .getConnection()
      .execute('delete from roblox_api_cache where key like ?', [`%${MODERATOR}%`]);
    const answer = await call(moderator, API.roblox.changeMemberRank, {
      params: params(MEMBER),
      body: { rankId: 10, reason: 'x' },
    });
    expect(answer.status).toBe(403);
  });
});
