/**
 * The lifetime of a group's Open Cloud key (issue 34), over HTTP against real PostgreSQL and the loopback fake
 * speaking Open Cloud: the workspace shows the expiry its creator set in Roblox, its last successful use and when it
 * lapses; the owner is warned once a week before it lapses, and told once when Roblox refuses the saved key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@groupflow/core/contracts';
import type { CustomerBrowser } from '../test/customerBrowser.ts';
import { oneMemberPerRank, WorkspaceWorld } from '../test/workspaceWorld.ts';
import { resolve, TOKENS } from './containers/tokens.ts';

const world = new WorkspaceWorld(1);
const { roblox: fake, run, rid, call, signIn } = world;
const OWNER = rid(1);
const BARISTA = rid(2);
const GROUP = rid(10);
const ROLE = { barista: rid(20), senior: rid(21), owner: rid(22) };
const g = { groupId: GROUP };
const DAY = 24 * 60 * 60_000;
const EXPIRING_KEY = `group-${run}-key-expiring-in-three-days`;

let owner: CustomerBrowser;

beforeAll(async () => {
  await world.start(GROUP, {
    ...oneMemberPerRank('Cafe', [
      { name: 'Barista', rank: 20, roleId: ROLE.barista, memberId: BARISTA },
      { name: 'Owner', rank: 255, roleId: ROLE.owner, memberId: OWNER },
    ]),
    roles: [
      { id: ROLE.barista, name: 'Barista', rank: 20 },
      { id: ROLE.senior, name: 'Senior', rank: 30 },
      { id: ROLE.owner, name: 'Owner', rank: 255 },
    ],
    env: { ROBLOX_RETRY_BASE_MS: '20', OPEN_CLOUD_KEY_USE_RECORD_SECONDS: '1' },
  });
  owner = await signIn('owner', OWNER);
  expect((await call(owner, API.roblox.connectGroupWithRanks, { body: { groupId: GROUP } })).status).toBe(201);
});

afterAll(() => world.stop());

const keyNotices = async () =>
  ((await call(owner, API.roblox.listNotifications)).data ?? []).filter((notice) => notice.kind === 'open-cloud-key');
const titles = async () => (await keyNotices()).map((notice) => notice.title);

describe("the group's Open Cloud key", () => {
  it('shows the expiry set in Roblox as its lapse, and warns the owner once', async () => {
    const expiresAt = new Date(Math.floor((Date.now() + 3 * DAY) / 1000) * 1000);
    fake.addCloudKey(EXPIRING_KEY, { groupIds: [GROUP], expirationTimeUtc: expiresAt.toISOString() });
    const saved = await call(owner, API.roblox.saveOpenCloudKey, { params: g, body: { apiKey: EXPIRING_KEY } });
    expect(saved.status).toBe(200);
    const status = (await call(owner, API.roblox.readOpenCloudKey, { params: g })).data!;
    expect(status).toMatchObject({
      set: true,
      expiresAt: expiresAt.toISOString(),
      lapsesAt: expiresAt.toISOString(),
      lastUsedAt: status.savedAt,
      refusedAt: null,
    });

    const job = resolve(world.testApi.container, TOKENS.WorkspaceOpenCloudKeyLapse);
    expect(await job.tick()).toBe(1);
    await expect.poll(keyNotices, { timeout: 15_000 }).toHaveLength(1);
    expect((await keyNotices())[0]).toMatchObject({
      title: 'The Open Cloud key lapses soon',
      message: expect.stringContaining(
        `The Open Cloud key of Cafe ${run} expires on ${expiresAt.toISOString().slice(0, 10)} (UTC)`,
      ),
    });
    expect(await job.tick()).toBe(0);
    await new Promise((done) => setTimeout(done, 1500));
    expect(await keyNotices()).toHaveLength(1);
  });

  it('records a rank change as its last use', async () => {
    const before = (await call(owner, API.roblox.readOpenCloudKey, { params: g })).data!.lastUsedAt!;
    await new Promise((done) => setTimeout(done, 1100));
    const ranked = await call(owner, API.roblox.changeMemberRank, {
      params: { ...g, userId: BARISTA },
      body: { rankId: 30, reason: 'Passed training' },
    });
    expect(ranked.status).toBe(200);
    const after = (await call(owner, API.roblox.readOpenCloudKey, { params: g })).data!.lastUsedAt!;
    expect(new Date(after).getTime()).toBeGreaterThan(new Date(before).getTime());
  });

  it('tells the owner once when Roblox refuses the saved key, and shows the refusal', async () => {
    fake.cloudKeys.get(EXPIRING_KEY)!.enabled = false;
    for (const rankId of [20, 30]) {
      const refused = await call(owner, API.roblox.changeMemberRank, {
        params: { ...g, userId: BARISTA },
        body: { rankId, reason: 'Back again' },
      });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('ROBLOX.OPEN_CLOUD_KEY_REFUSED');
    }
    // The refused calls run side by side: the one that records the refusal may tell after the answer went out.
    await expect.poll(titles).toEqual(['Roblox refused the Open Cloud key', 'The Open Cloud key lapses soon']);
    await new Promise((done) => setTimeout(done, 500));
    expect(await titles()).toHaveLength(2);
    expect((await call(owner, API.roblox.readOpenCloudKey, { params: g })).data?.refusedAt).toBeTruthy();
  });

  it('starts over with a new key: not refused, and refused again it is told again', async () => {
    fake.addCloudKey(world.groupKey, { groupIds: [GROUP] });
    const saved = await call(owner, API.roblox.saveOpenCloudKey, { params: g, body: { apiKey: world.groupKey } });
    expect(saved.data).toMatchObject({ expiresAt: null, refusedAt: null });
    const [row] = await world.sql<{ lapse_warned_at: Date | null; refused_at: Date | null }>(
      'select lapse_warned_at, refused_at from group_open_cloud_keys where group_id = ?',
      [GROUP],
    );
    expect(row).toEqual({ lapse_warned_at: null, refused_at: null });
    fake.cloudKeys.get(world.groupKey)!.enabled = false;
    const refused = await call(owner, API.roblox.changeMemberRank, {
      params: { ...g, userId: BARISTA },
      body: { rankId: 20, reason: 'Back again' },
    });
    expect(refused.body.code).toBe('ROBLOX.OPEN_CLOUD_KEY_REFUSED');
    await expect
      .poll(titles)
      .toEqual([
        'Roblox refused the Open Cloud key',
        'Roblox refused the Open Cloud key',
        'The Open Cloud key lapses soon',
      ]);
  });
});
