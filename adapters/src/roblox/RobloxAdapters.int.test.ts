/**
 * The Roblox adapters against the loopback fake of Roblox and the cache in real PostgreSQL: the documented answer
 * shapes, the cache shared between instances, 429 retried after retry-after, 503 / slow / refused as Unavailable
 * within the deadline, and the Open Cloud path.
 */
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { TooManyAttempts, Unavailable } from '@groupflow/core';
import { createServer } from 'node:http';
import { freePort } from '../net/freePort.ts';
import { inRequestContext, openDatabase, type Orm } from '../persistence/database.ts';
import { PostgresRobloxCache } from './PostgresRobloxCache.ts';
import { RobloxApi, ROBLOX_NOT_ANSWERING, type RobloxApiSettings } from './RobloxApi.ts';
import {
  RobloxWebGroups,
  RobloxWebInventory,
  RobloxWebMemberships,
  RobloxWebThumbnails,
  RobloxWebUsers,
} from './RobloxWebAdapters.ts';
import { OpenCloudGroups, OpenCloudInventory, OpenCloudMemberships, OpenCloudUsers } from './OpenCloudAdapters.ts';
import { FAKE_PNG, FakeRobloxServer } from '../../testing/FakeRobloxServer.ts';

let orm: Orm;
const fake = new FakeRobloxServer();
// Every test uses its own ids, so the shared cache never answers for another test.
let nextId = 900_000_000 + (Date.now() % 1_000_000) * 100;
const id = () => String((nextId += 1));

beforeAll(async () => {
  orm = await openDatabase(inject('databaseUrl'));
  await fake.start();
});
afterAll(async () => {
  await fake.stop();
  await orm?.close(true);
});
afterEach(() => {
  fake.faults.length = 0;
  fake.delayMs = 0;
});

function adapters(overrides: Partial<RobloxApiSettings> = {}) {
  const api = new RobloxApi({
    apiBase: fake.apiBase,
    openCloudBase: fake.url,
    openCloudKey: undefined,
    requestTimeoutMs: 1_000,
    deadlineMs: 5_000,
    maxRetries: 2,
    retryBaseMs: 50,
    imageHosts: ['*.rbxcdn.com'],
    imageMaxBytes: 1024,
    ...overrides,
  });
  const cache = new PostgresRobloxCache(orm, { usersTtlMs: 60_000, groupsTtlMs: 300_000, sweepEveryMs: 60_000 });
  const users = new RobloxWebUsers(api, cache);
  const groups = new RobloxWebGroups(api, cache);
  return {
    api,
    cache,
    users,
    groups,
    memberships: new RobloxWebMemberships(api, cache),
    thumbnails: new RobloxWebThumbnails(api, cache),
  };
}

const run = <T>(work: () => Promise<T>) => inRequestContext(orm, work);

/** The outage an answer off its documented shape is: a 503 over HTTP, its message naming operation and field. */
const offShape = (message: string) =>
  expect.objectContaining({ constructor: Unavailable, code: 'ROBLOX.UNAVAILABLE', message });

/** Answers a fault put off the documents on purpose: the fake recorded them, and they are no finding. */
function settleOffShape() {
  expect(fake.contractViolations.splice(0).every((violation) => violation.request.endsWith('-> 200'))).toBe(true);
}

function arrangeGroup() {
  const owner = fake.addUser({ id: id(), name: `Owner${nextId}`, displayName: 'The Owner', description: 'hello' });
  const member = fake.addUser({ id: id(), name: `Member${nextId}` });
  const group = fake.addGroup({
    id: id(),
    name: `Group ${nextId}`,
    description: 'A group',
    ownerId: owner.id,
    memberCount: 2,
    roles: [
      { id: id(), name: 'Guest', rank: 0 },
      { id: id(), name: 'Member', rank: 1 },
      { id: id(), name: 'Owner', rank: 255 },
    ],
  });
  fake.join(owner.id, group.id, group.roles[2]!.id);
  fake.join(member.id, group.id, group.roles[1]!.id);
  return { owner, member, group };
}

describe('Roblox web adapters', () => {
  it('resolve users by exact name (any case) and by id, with the profile description', async () => {
    const { owner } = arrangeGroup();
    const { users } = adapters();
    const byName = await run(() => users.byUsername(owner.name.toUpperCase()));
    expect(byName).toEqual({
      id: owner.id,
      name: owner.name,
      displayName: 'The Owner',
      description: 'hello',
      created: '2015-01-01T00:00:00Z',
    });
    expect(await run(() => users.byUsername(`${owner.name}x`))).toBeNull();
    expect(await run(() => users.byId('1'))).toBeNull();
    expect(await run(() => users.search(owner.name, 10))).toEqual([
      { id: owner.id, name: owner.name, displayName: 'The Owner' },
    ]);
  });

  it('read a group, its roles (lowest first) and a user’s memberships, and build headshot addresses', async () => {
    const { owner, group } = arrangeGroup();
    const { groups, memberships, thumbnails } = adapters();
    expect(await run(() => groups.byId(group.id))).toMatchObject({
      id: group.id,
      name: group.name,
      memberCount: 2,
      owner: { userId: owner.id, username: owner.name, displayName: 'The Owner' },
    });
    expect(await run(() => groups.byId('7'))).toBeNull();
    expect((await run(() => groups.rolesOf(group.id))).map((role) => [role.name, role.rank, role.memberCount])).toEqual(
      [
        ['Guest', 0, 0],
        ['Member', 1, 1],
        ['Owner', 255, 1],
      ],
    );
    expect(await run(() => memberships.groupRolesOf(owner.id))).toEqual([
      { groupId: group.id, groupName: group.name, roleId: group.roles[2]!.id, roleName: 'Owner', rank: 255 },
    ]);
    expect(await run(() => thumbnails.headshotUrl(owner.id))).toBe(
      `${fake.url}/thumbnails/images/${owner.id}-48x48.png`,
    );
    const image = await run(() => thumbnails.headshot(owner.id));
    expect(image?.contentType).toBe('image/png');
    expect(Buffer.from(image!.bytes).equals(FAKE_PNG)).toBe(true);
  });

  it('share answers through PostgreSQL: a second instance does not ask Roblox again', async () => {
    const { group } = arrangeGroup();
    await run(() => adapters().groups.byId(group.id));
    const before = fake.requests.length;
    const original = group.name;
    group.name = 'Renamed';
    expect((await run(() => adapters().groups.byId(group.id)))?.name).toBe(original);
    expect(fake.requests.length).toBe(before);
  });

  it('retry a 429 after its retry-after and then answer', async () => {
    const { owner } = arrangeGroup();
    fake.fail({ status: 429, times: 1, retryAfter: '1', pathIncludes: `/v1/users/${owner.id}` });
    const started = Date.now();
    const user = await run(() => adapters().users.byId(owner.id));
    expect(user?.name).toBe(owner.name);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(fake.requests.filter((path) => path.endsWith(`/v1/users/${owner.id}`))).toHaveLength(2);
  });

  it('say "rate limited" when Roblox keeps answering 429', async () => {
    const { owner } = arrangeGroup();
    fake.fail({ status: 429, times: 10, retryAfter: '0', pathIncludes: `/v1/users/${owner.id}` });
    const error = await run(() => adapters().users.byId(owner.id)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TooManyAttempts);
    expect((error as Error).message).toContain('rate limited');
    // The first call and two retries.
    expect(fake.requests.filter((path) => path.endsWith(`/v1/users/${owner.id}`))).toHaveLength(3);
  });

  it('turn a 503 into "Roblox is not answering" without retrying, and cache nothing', async () => {
    const { group } = arrangeGroup();
    fake.fail({ status: 503, times: 1, pathIncludes: `/v1/groups/${group.id}` });
    await expect(run(() => adapters().groups.byId(group.id))).rejects.toThrow(
      new Unavailable('ROBLOX.UNAVAILABLE', ROBLOX_NOT_ANSWERING),
    );
    expect((await run(() => adapters().groups.byId(group.id)))?.id).toBe(group.id);
  });

  it('report an answer off its documented shape as Unavailable naming the operation and the field, caching nothing', async () => {
    const { owner, group } = arrangeGroup();
    const { groups, memberships } = adapters();
    fake.fail({ status: 200, times: 1, pathIncludes: `/v1/groups/${group.id}/roles`, body: { data: [] } });
    await expect(run(() => groups.rolesOf(group.id))).rejects.toThrow(
      offShape('Roblox answered GET groups.roblox.com/v1/groups/{groupId}/roles without roles'),
    );
    expect(await run(() => groups.rolesOf(group.id))).toHaveLength(3);

    const mistyped = { group: { id: group.id, name: group.name }, role: { id: 1, name: 'Owner', rank: 255 } };
    fake.fail({ status: 200, times: 1, pathIncludes: `/v2/users/${owner.id}/`, body: { data: [mistyped] } });
    await expect(run(() => memberships.groupRolesOf(owner.id))).rejects.toThrow(
      offShape('Roblox answered GET groups.roblox.com/v2/users/{userId}/groups/roles with data.0.group.id not number'),
    );
    expect(await run(() => memberships.groupRolesOf(owner.id))).toHaveLength(1);
    settleOffShape();
  });

  it('give up on a slow Roblox at the call’s time limit, well within 5 seconds', async () => {
    const { owner } = arrangeGroup();
    fake.delayMs = 3_000;
    const started = Date.now();
    await expect(run(() => adapters({ requestTimeoutMs: 500 }).users.byId(owner.id))).rejects.toBeInstanceOf(
      Unavailable,
    );
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('never wait for a retry-after beyond the deadline', async () => {
    const { owner } = arrangeGroup();
    fake.fail({ status: 429, times: 1, retryAfter: '30', pathIncludes: `/v1/users/${owner.id}` });
    const started = Date.now();
    await expect(run(() => adapters().users.byId(owner.id))).rejects.toBeInstanceOf(TooManyAttempts);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('report a refused connection as Unavailable', async () => {
    const closed = await freePort();
    const { users } = adapters({ apiBase: `http://127.0.0.1:${closed}/{service}` });
    await expect(run(() => users.byId(id()))).rejects.toThrow(ROBLOX_NOT_ANSWERING);
  });
});

describe('Open Cloud adapters', () => {
  it('read memberships, roles and the profile text with the API key', async () => {
    const { owner, member, group } = arrangeGroup();
    owner.description = 'cloud about';
    const { api, cache, users: webUsers } = adapters({ openCloudKey: fake.openCloudKey });
    const users = new OpenCloudUsers(api, cache, webUsers);
    const groups = new OpenCloudGroups(api, cache, users);
    const memberships = new OpenCloudMemberships(api, cache, groups);
    const before = fake.requests.length;
    expect(await run(() => memberships.groupRolesOf(member.id))).toEqual([
      { groupId: group.id, groupName: group.name, roleId: group.roles[1]!.id, roleName: 'Member', rank: 1 },
    ]);
    expect(await run(() => users.byId(owner.id))).toMatchObject({ name: owner.name, description: 'cloud about' });
    expect((await run(() => groups.byId(group.id)))?.owner).toEqual({
      userId: owner.id,
      username: owner.name,
      displayName: 'The Owner',
    });
    const paths = fake.requests.slice(before);
    expect(paths.some((path) => path.startsWith('GET /cloud/v2/groups/-/memberships'))).toBe(true);
    expect(paths.some((path) => path.includes('/groups/v2/users/'))).toBe(false);
  });

  it('fail as Unavailable with a wrong key rather than read the legacy API', async () => {
    const { member } = arrangeGroup();
    const { api, cache } = adapters({ openCloudKey: 'wrong' });
    const memberships = new OpenCloudMemberships(
      api,
      cache,
      new OpenCloudGroups(api, cache, new RobloxWebUsers(api, cache)),
    );
    await expect(run(() => memberships.groupRolesOf(member.id))).rejects.toBeInstanceOf(Unavailable);
  });

  it('report an answer off its documented shape as Unavailable naming the operation and the field', async () => {
    const { group } = arrangeGroup();
    const { api, cache, users } = adapters({ openCloudKey: fake.openCloudKey });
    const groups = new OpenCloudGroups(api, cache, users);
    fake.fail({ status: 200, times: 1, pathIncludes: `/cloud/v2/groups/${group.id}/roles`, body: {} });
    await expect(run(() => groups.rolesOf(group.id))).rejects.toThrow(
      offShape('Roblox answered GET apis.roblox.com/cloud/v2/groups/{group_id}/roles without groupRoles'),
    );
    expect(await run(() => groups.rolesOf(group.id))).toHaveLength(3);
    settleOffShape();
  });
});

describe('headshot images: only from the Roblox image hosts, at most the size cap (issue 23)', () => {
  it('refuses an address off the image hosts without fetching it, and answers no headshot', async () => {
    const offHost: string[] = [];
    const evil = createServer((req, res) => {
      offHost.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(FAKE_PNG);
    });
    const port = await freePort();
    await new Promise<void>((resolve) => evil.listen(port, '127.0.0.1', resolve));
    try {
      const { thumbnails, api } = adapters();
      for (const imageUrl of [
        `http://127.0.0.1:${port}/internal.png`,
        `https://user:pass@tr.rbxcdn.com/x.png`,
        'https://rbxcdn.com.evil.test/x.png',
        'http://tr.rbxcdn.com/x.png',
      ]) {
        const user = fake.addUser({ id: id(), name: `Off${nextId}` });
        fake.headshotOverrides.set(user.id, { imageUrl });
        expect(await run(() => thumbnails.headshot(user.id))).toBeNull();
      }
      expect(offHost).toEqual([]);
      expect(api.isImageHost('https://tr.rbxcdn.com/30DAY-Avatar.png')).toBe(true);
      expect(api.isImageHost(`${fake.url}/thumbnails/images/1-48x48.png`)).toBe(true);
    } finally {
      await new Promise((resolve) => evil.close(resolve));
    }
  });

  it('refuses an image over the cap, or an answer that is not an image, and passes on one within it', async () => {
    const { thumbnails } = adapters({ imageMaxBytes: 1024 });
    const big = fake.addUser({ id: id(), name: `Big${nextId}` });
    fake.headshotOverrides.set(big.id, { body: Buffer.alloc(1025, 1) });
    expect(await run(() => thumbnails.headshot(big.id))).toBeNull();
    const page = fake.addUser({ id: id(), name: `Page${nextId}` });
    fake.headshotOverrides.set(page.id, { body: Buffer.from('<html></html>'), contentType: 'text/html' });
    expect(await run(() => thumbnails.headshot(page.id))).toBeNull();
    const exact = fake.addUser({ id: id(), name: `Exact${nextId}` });
    fake.headshotOverrides.set(exact.id, { body: Buffer.alloc(1024, 2) });
    expect((await run(() => thumbnails.headshot(exact.id)))?.bytes.byteLength).toBe(1024);
  });
});

describe('item ownership and account age (issue 35)', () => {
  const items = (pass: string, badge: string, asset: string) => [
    { kind: 'gamepass' as const, id: pass },
    { kind: 'badge' as const, id: badge },
    { kind: 'asset' as const, id: asset },
  ];

  it('reads the creation date through both users APIs', async () => {
    const user = fake.addUser({ id: id(), name: `made${nextId}`, created: '2026-11-01T12:00:00Z' });
    const { api, cache, users } = adapters({ openCloudKey: fake.openCloudKey });
    expect((await users.byId(user.id))?.created).toBe('2026-11-01T12:00:00Z');
    expect((await new OpenCloudUsers(api, cache, users).freshProfile(user.id))?.created).toBe('2026-11-01T12:00:00Z');
  });

  it('asks the legacy inventory API one is-owned per item, and an unknown item is not owned', async () => {
    const user = fake.addUser({ id: id(), name: `inv${nextId}` });
    fake.give(user.id, 'gamepass', '11');
    fake.give(user.id, 'asset', '33');
    const before = fake.requests.length;
    const owned = await new RobloxWebInventory(adapters().api).ownedBy(user.id, items('11', '22', '33'));
    expect(owned).toEqual(new Set(['gamepass:11', 'asset:33']));
    expect(fake.requests.slice(before).sort()).toEqual(
      [
        `GET /inventory/v1/users/${user.id}/items/0/33/is-owned`,
        `GET /inventory/v1/users/${user.id}/items/1/11/is-owned`,
        `GET /inventory/v1/users/${user.id}/items/2/22/is-owned`,
      ].sort(),
    );
  });

  it('asks Open Cloud once per user for every bound item, and item by item when the inventory is hidden', async () => {
    const { api } = adapters({ openCloudKey: fake.openCloudKey });
    const inventory = new OpenCloudInventory(api, new RobloxWebInventory(api));
    const open = fake.addUser({ id: id(), name: `open${nextId}` });
    fake.give(open.id, 'badge', '22');
    fake.give(open.id, 'gamepass', '99');
    let before = fake.requests.length;
    expect(await inventory.ownedBy(open.id, items('11', '22', '33'))).toEqual(new Set(['badge:22']));
    expect(fake.requests.slice(before)).toEqual([`GET /cloud/v2/users/${open.id}/inventory-items`]);

    const hidden = fake.addUser({ id: id(), name: `hidden${nextId}` });
    fake.hiddenInventories.add(hidden.id);
    fake.give(hidden.id, 'gamepass', '11');
    before = fake.requests.length;
    expect(await inventory.ownedBy(hidden.id, items('11', '22', '33'))).toEqual(new Set(['gamepass:11']));
    expect(fake.requests.slice(before)).toHaveLength(4);
  });
});
