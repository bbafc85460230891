import { describe, expect, it, vi } from 'vitest';
import { FakeDiscord } from './FakeDiscord.ts';
import { FakeRobloxServer } from './FakeRobloxServer.ts';
import { checkRequest, checkResponse, findOperation } from './platformContract.ts';

const DISCORD = 'https://discord.com/api/v10';
const MEMBER = `${DISCORD}/guilds/81384788765712384/members/80351110224678912`;
const messages = (violations: { message: string }[]) => violations.map((violation) => violation.message);

/** A guild member as Discord's GuildMemberResponse requires it. */
const member = {
  user: {
    id: '80351110224678912',
    username: 'nelly',
    avatar: null,
    discriminator: '0',
    public_flags: 0,
    flags: 0,
    global_name: null,
    primary_guild: null,
  },
  nick: null,
  avatar: null,
  banner: null,
  roles: ['41771983423143936'],
  joined_at: '2015-04-26T06:26:56.936000+00:00',
  premium_since: null,
  deaf: false,
  mute: false,
  flags: 0,
  pending: false,
  communication_disabled_until: null,
};

describe('the platform contracts (OpenAPI documents + allow-list)', () => {
  it('finds the documented operation by method, host and path template, literal segments first', () => {
    expect(findOperation({ method: 'get', url: 'https://groups.roblox.com/v1/groups/7/roles' })).toEqual({
      id: 'GET groups.roblox.com/v1/groups/{groupId}/roles',
      allowListed: false,
    });
    expect(findOperation({ method: 'GET', url: `${DISCORD}/users/@me` })?.id).toBe('GET discord.com/api/v10/users/@me');
    expect(findOperation({ method: 'GET', url: `${DISCORD}/users/80351110224678912` })?.id).toBe(
      'GET discord.com/api/v10/users/{user_id}',
    );
    expect(
      findOperation({ method: 'POST', url: 'https://apis.roblox.com/cloud/v2/groups/7/memberships/9:assignRole' })?.id,
    ).toBe('POST apis.roblox.com/cloud/v2/groups/{group_id}/memberships/{membership_id}:assignRole');
    // Roblox's key for a second host's copy of a path ends in `#host`, which is no part of the path.
    expect(findOperation({ method: 'GET', url: 'https://users.roblox.com/v1/description' })?.id).toBe(
      'GET users.roblox.com/v1/description',
    );
    // The document lists `/cloud/v2/users/{user_id}` first; the custom method's fixed text wins.
    expect(
      findOperation({ method: 'GET', url: 'https://apis.roblox.com/cloud/v2/users/7:generateThumbnail' })?.id,
    ).toBe('GET apis.roblox.com/cloud/v2/users/{user_id}:generateThumbnail');
  });

  it('fails a deliberately wrong body: Discord PATCH guild member with roles "x"', () => {
    expect(checkRequest({ method: 'PATCH', url: MEMBER, body: { roles: ['41771983423143936'] } })).toEqual([]);
    expect(checkRequest({ method: 'PATCH', url: MEMBER, body: { roles: 'x' } })).toEqual([
      {
        operation: 'PATCH discord.com/api/v10/guilds/{guild_id}/members/{user_id}',
        message: 'body/roles must be array,null',
      },
    ]);
  });

  it('fails a path no document or allow-list entry has, on a known host or another', () => {
    expect(checkRequest({ method: 'GET', url: `${DISCORD}/guilds/1/secret-members` })).toEqual([
      {
        operation: 'GET discord.com/api/v10/guilds/1/secret-members',
        message: 'not in the platform documents or the allow-list',
      },
    ]);
    // The path exists, but on groups.roblox.com only.
    expect(messages(checkRequest({ method: 'GET', url: 'https://users.roblox.com/v1/groups/7/roles' }))).toEqual([
      'not in the platform documents or the allow-list',
    ]);
    expect(findOperation({ method: 'DELETE', url: 'https://groups.roblox.com/v1/groups/7/roles' })).toBeNull();
  });

  it('fails a query name the operation does not declare', () => {
    expect(checkRequest({ method: 'GET', url: `${DISCORD}/guilds/1/members?limit=1000&after=0` })).toEqual([]);
    expect(messages(checkRequest({ method: 'GET', url: `${DISCORD}/guilds/1/members?limit=1000&sort=id` }))).toEqual([
      'query parameter "sort" is not one the operation declares',
    ]);
  });

  it("reads OpenAPI 3.0's nullable as a union with null (Roblox), through $refs and additionalProperties", () => {
    const url = 'https://apis.roblox.com/asset-permissions-api/v1/assets/permissions';
    expect(checkRequest({ method: 'PATCH', url, body: { subjectId: null, assetIds: null } })).toEqual([]);
    expect(checkRequest({ method: 'PATCH', url, body: { subjectId: '5', assetIds: [1, 2] } })).toEqual([]);
    expect(messages(checkRequest({ method: 'PATCH', url, body: { subjectId: 5 } }))).toEqual([
      'body/subjectId must be string,null',
    ]);
    expect(messages(checkRequest({ method: 'PATCH', url, body: { subjectType: 'Nobody' } }))).toEqual([
      expect.stringContaining('body/subjectType must be equal to one of the allowed values'),
    ]);
    expect(messages(checkRequest({ method: 'PATCH', url, body: { assetIdz: [1] } }))).toEqual([
      'body must NOT have additional properties',
    ]);
  });

  it("reads OpenAPI 3.1 schemas as JSON Schema 2020-12 (Discord's type arrays and oneOf with null)", () => {
    const request = { method: 'GET', url: MEMBER };
    expect(checkResponse(request, 200, member)).toEqual([]);
    expect(checkResponse(request, 200, { ...member, nick: 'Nelly', premium_since: null })).toEqual([]);
    expect(messages(checkResponse(request, 200, { ...member, nick: 5 }))).toEqual(['answer/nick must be string,null']);
    expect(checkResponse(request, 200, { ...member, user: { ...member.user, primary_guild: 'x' } })).not.toEqual([]);
  });

  it('fails an answer missing a required field, and a success status the operation does not declare', () => {
    const { roles: _roles, ...withoutRoles } = member;
    expect(checkResponse({ method: 'GET', url: MEMBER }, 200, withoutRoles)).toEqual([
      {
        operation: 'GET discord.com/api/v10/guilds/{guild_id}/members/{user_id}',
        message: "answer must have required property 'roles'",
      },
    ]);
    expect(messages(checkResponse({ method: 'GET', url: MEMBER }, 202, member))).toEqual([
      'answered 202, a status the operation does not declare',
    ]);
    // Discord's 4XX is an error object; Roblox's legacy errors are only described in words.
    expect(checkResponse({ method: 'GET', url: MEMBER }, 404, { message: 'Unknown Member', code: 10007 })).toEqual([]);
    expect(messages(checkResponse({ method: 'GET', url: MEMBER }, 404, { code: 10007 }))).toEqual([
      "answer must have required property 'message'",
    ]);
    expect(
      checkResponse({ method: 'GET', url: 'https://groups.roblox.com/v1/groups/7/roles' }, 400, { errors: [] }),
    ).toEqual([]);
  });

  it('passes an allow-listed operation held to its page: API-key introspection', () => {
    const url = 'https://apis.roblox.com/api-keys/v1/introspect';
    expect(findOperation({ method: 'POST', url })).toEqual({
      id: 'POST apis.roblox.com/api-keys/v1/introspect',
      allowListed: true,
    });
    expect(checkRequest({ method: 'POST', url, body: { apiKey: 'key' } })).toEqual([]);
    const documented = {
      name: 'ranking',
      authorizedUserId: 1,
      scopes: [{ name: 'group', operations: ['read', 'write'], groupIds: ['7'] }],
      enabled: true,
      expired: false,
      expirationTimeUtc: null,
    };
    expect(checkResponse({ method: 'POST', url }, 200, documented)).toEqual([]);
    // The misreading issue 34 found: `group:write` is not how the page lists operations.
    const misread = { ...documented, scopes: [{ name: 'group', operations: ['group:write'] }] };
    expect(messages(checkResponse({ method: 'POST', url }, 200, misread))).toEqual([
      'answer/scopes/0/operations/0 must match pattern "^[a-z-]+$"',
    ]);
    expect(messages(checkRequest({ method: 'POST', url, body: {} }))).toEqual([
      "body must have required property 'apiKey'",
    ]);
  });
});

describe('the fakes hold every exchange to the documents', () => {
  it("FakeRobloxServer's stop() throws listing what it saw outside them", async () => {
    const roblox = await new FakeRobloxServer().start();
    expect((await fetch(`${roblox.url}/groups/v1/groups/7/secret`)).status).toBe(404);
    await fetch(`${roblox.url}/users/v1/users/7?fields=all`);
    expect(roblox.contractViolations.map((violation) => violation.request)).toEqual([
      'GET https://groups.roblox.com/v1/groups/7/secret',
      'GET https://users.roblox.com/v1/users/7?fields=all',
    ]);
    await expect(roblox.stop()).rejects.toThrow(
      /GET groups\.roblox\.com\/v1\/groups\/7\/secret: not in the platform documents[\s\S]*query parameter "fields"/,
    );
  });

  it('FakeDiscord checks discord.js-shaped REST calls too; in report mode (bench) stop() only warns', async () => {
    const discord = await new FakeDiscord({ contracts: 'report' }).start();
    await fetch(`${discord.url}/api/v10/guilds/1/members/2`, {
      method: 'PATCH',
      headers: { authorization: `Bot ${discord.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ roles: 'x' }),
    });
    expect(discord.contractViolations.map((violation) => violation.message)).toEqual(['body/roles must be array,null']);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(discord.stop()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('FakeDiscord: 1 exchange(s) outside'));
    warn.mockRestore();
  });
});
