/**
 * Ranking through Open Cloud v2 against the loopback fake speaking it: key introspection and the group check,
 * roles, memberships by filter, `:assignRole` changing the membership, 429 waited out by its retry headers, Roblox's
 * 5xx retried for the safe-to-repeat assignRole, and a revoked key told apart from an outage.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Forbidden, TooManyAttempts, Unavailable } from '@groupflow/core';
import { RobloxApi } from './RobloxApi.ts';
import {
  INTROSPECTION_UNREADABLE,
  KEY_CANNOT_READ_GROUP,
  KEY_CANNOT_WRITE,
  KEY_REFUSED,
  OpenCloudGroupRanking,
} from './OpenCloudGroupRanking.ts';
import { FakeRobloxServer } from '../../testing/FakeRobloxServer.ts';

const fake = new FakeRobloxServer();
const GROUP = '4242';
const OTHER_GROUP = '4343';
const GROUP_KEY = 'group-4242-key-with-enough-characters';

beforeAll(async () => {
  await fake.start();
  fake.addGroup({
    id: GROUP,
    name: 'Cafe',
    description: '',
    ownerId: '1',
    memberCount: 3,
    roles: [
      { id: '10', name: 'Guest', rank: 0 },
      { id: '11', name: 'Barista', rank: 10 },
      { id: '12', name: 'Supervisor', rank: 50 },
      { id: '13', name: 'Owner', rank: 255 },
    ],
  });
  fake.addGroup({ id: OTHER_GROUP, name: 'Other', description: '', ownerId: null, memberCount: 0, roles: [] });
  fake.join('1', GROUP, '13');
  fake.join('2', GROUP, '11');
  fake.addCloudKey(GROUP_KEY, { groupIds: [GROUP] });
  fake.addCloudKey('read-only-key-with-enough-characters', { groupIds: [GROUP], operations: ['read'] });
});
afterAll(() => fake.stop());
afterEach(() => {
  fake.faults.length = 0;
});

const ranking = (maxRetries = 2) =>
  new OpenCloudGroupRanking(
    new RobloxApi({
      apiBase: fake.apiBase,
      openCloudBase: fake.url,
      openCloudKey: undefined,
      imageHosts: [],
      imageMaxBytes: 1024,
      requestTimeoutMs: 1_000,
      deadlineMs: 5_000,
      maxRetries,
      retryBaseMs: 20,
    }),
  );

describe('OpenCloudGroupRanking against the fake Open Cloud v2', () => {
  it('accepts a key that reaches the group with group:write and names its permissions', async () => {
    expect(await ranking().checkKey(GROUP_KEY, GROUP)).toEqual({
      permissions: ['group:read', 'group:write'],
      expiresAt: null,
    });
    expect(fake.requests).toContain('POST /api-keys/v1/introspect');
  });

  it("names the expiry its creator set (the introspection's expirationTimeUtc)", async () => {
    const expirationTimeUtc = '2027-01-31T18:30:00.000Z';
    fake.addCloudKey('expiring-key-with-enough-characters', { groupIds: [GROUP], expirationTimeUtc });
    expect(await ranking().checkKey('expiring-key-with-enough-characters', GROUP)).toEqual({
      permissions: ['group:read', 'group:write'],
      expiresAt: new Date(expirationTimeUtc),
    });
  });

  it("answers the introspection in the shape of Roblox's Manage API keys page: scope name, bare verbs", async () => {
    const answer = await fetch(`${fake.url}/api-keys/v1/introspect`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': GROUP_KEY },
      body: JSON.stringify({ apiKey: GROUP_KEY }),
    });
    expect(await answer.json()).toMatchObject({
      enabled: true,
      expired: false,
      scopes: [{ name: 'group', operations: ['read', 'write'], groupIds: [GROUP] }],
    });
  });

  it('accepts a key whose group scope reaches every group (*)', async () => {
    fake.addCloudKey('every-group-key-with-enough-characters', { groupIds: ['*'] });
    expect(await ranking().checkKey('every-group-key-with-enough-characters', GROUP)).toEqual({
      permissions: ['group:read', 'group:write'],
      expiresAt: null,
    });
  });

  it('reports an introspection answer without its documented fields as an outage naming the operation', async () => {
    fake.fail({ status: 200, times: 1, pathIncludes: '/api-keys/v1/introspect' });
    await expect(ranking().checkKey(GROUP_KEY, GROUP)).rejects.toThrow(
      expect.objectContaining({ constructor: Unavailable, message: INTROSPECTION_UNREADABLE }),
    );
    // The fault's body is off the documented shape on purpose: the fake saw it, and it is not a finding.
    expect(fake.contractViolations.splice(0).map((violation) => violation.operation)).toEqual([
      'POST apis.roblox.com/api-keys/v1/introspect',
    ]);
  });

  it('refuses an unknown key, a read-only key and a key of another group, each with its own message', async () => {
    await expect(ranking().checkKey('nobody-knows-this-key-at-all', GROUP)).rejects.toThrow(
      expect.objectContaining({ message: KEY_REFUSED }),
    );
    await expect(ranking().checkKey('read-only-key-with-enough-characters', GROUP)).rejects.toThrow(
      expect.objectContaining({ message: KEY_CANNOT_WRITE }),
    );
    await expect(ranking().checkKey(GROUP_KEY, OTHER_GROUP)).rejects.toThrow(
      expect.objectContaining({ message: KEY_CANNOT_READ_GROUP }),
    );
  });

  it('reads roles lowest first and a member role by filter; null for a non-member', async () => {
    const roles = await ranking().roles(GROUP_KEY, GROUP);
    expect(roles.map((role) => [role.id, role.rank])).toEqual([
      ['10', 0],
      ['11', 10],
      ['12', 50],
      ['13', 255],
    ]);
    expect(await ranking().roleOf(GROUP_KEY, GROUP, '2')).toBe('11');
    expect(await ranking().roleOf(GROUP_KEY, GROUP, '999')).toBeNull();
    expect(fake.requests.some((line) => line === `GET /cloud/v2/groups/${GROUP}/memberships`)).toBe(true);
  });

  it('reports a roles or membership answer off its documented shape as an outage naming the operation, not a refusal', async () => {
    const roleAsNumber = { path: `groups/${GROUP}/roles/11`, id: 11, displayName: 'Barista', rank: 10 };
    fake.fail({ status: 200, times: 1, pathIncludes: '/roles', body: { groupRoles: [roleAsNumber] } });
    await expect(ranking().roles(GROUP_KEY, GROUP)).rejects.toThrow(
      expect.objectContaining({
        constructor: Unavailable,
        message: 'Roblox answered GET apis.roblox.com/cloud/v2/groups/{group_id}/roles with groupRoles.0.id not string',
      }),
    );
    const withoutRole = { path: `groups/${GROUP}/memberships/2`, user: 'users/2' };
    fake.fail({ status: 200, times: 1, pathIncludes: '/memberships', body: { groupMemberships: [withoutRole] } });
    await expect(ranking().roleOf(GROUP_KEY, GROUP, '2')).rejects.toThrow(
      expect.objectContaining({
        constructor: Unavailable,
        message:
          'Roblox answered GET apis.roblox.com/cloud/v2/groups/{group_id}/memberships without groupMemberships.0.role',
      }),
    );
    // The faults' bodies are off the documented shape on purpose: the fake saw them, and they are no finding.
    expect(fake.contractViolations.splice(0).every((violation) => violation.request.endsWith('-> 200'))).toBe(true);
  });

  it('assigns a role with :assignRole and the group key, after waiting out a 429 with its retry headers', async () => {
    fake.fail({ status: 429, times: 1, retryAfter: '0', pathIncludes: ':assignRole' });
    await ranking().assignRole(GROUP_KEY, GROUP, '2', '12');
    expect(fake.memberships.get('2')?.get(GROUP)).toBe('12');
    expect(fake.assignedRoles.at(-1)).toEqual({ groupId: GROUP, userId: '2', roleId: '12', apiKey: GROUP_KEY });
    expect(fake.requests.filter((line) => line.endsWith(':assignRole')).length).toBe(2);
  });

  it("retries Roblox's 5xx on assignRole, and reports a lasting outage as Unavailable", async () => {
    fake.fail({ status: 503, times: 1, pathIncludes: ':assignRole' });
    await ranking().assignRole(GROUP_KEY, GROUP, '2', '11');
    expect(fake.memberships.get('2')?.get(GROUP)).toBe('11');
    fake.fail({ status: 500, times: 10, pathIncludes: ':assignRole' });
    await expect(ranking(1).assignRole(GROUP_KEY, GROUP, '2', '12')).rejects.toBeInstanceOf(Unavailable);
    expect(fake.memberships.get('2')?.get(GROUP)).toBe('11');
  });

  it('gives up on a 429 that outlasts the retries, with the wait for the caller', async () => {
    fake.fail({ status: 429, times: 10, retryAfter: '0', pathIncludes: ':assignRole' });
    await expect(ranking(1).assignRole(GROUP_KEY, GROUP, '2', '12')).rejects.toBeInstanceOf(TooManyAttempts);
  });

  it('tells a revoked or narrowed saved key (Forbidden, save a new key) from an outage', async () => {
    await expect(ranking().assignRole('read-only-key-with-enough-characters', GROUP, '2', '12')).rejects.toBeInstanceOf(
      Forbidden,
    );
    fake.cloudKeys.get(GROUP_KEY)!.enabled = false;
    try {
      await expect(ranking().roles(GROUP_KEY, GROUP)).rejects.toBeInstanceOf(Forbidden);
    } finally {
      fake.cloudKeys.get(GROUP_KEY)!.enabled = true;
    }
  });
});
