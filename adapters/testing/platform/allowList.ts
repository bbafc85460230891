/**
 * Platform operations GroupFlow uses that the vendored OpenAPI documents leave out, each with the page that
 * documents it (see README.md in this folder). The contract checker treats these as documented operations: the
 * request's query names and body, and the answer, are held to the shapes below, taken from those pages.
 */

export interface AllowListedOperation {
  method: string;
  /** Absolute URL template on the real host, `{name}` for a path parameter. */
  url: string;
  /** The page that documents the operation. */
  documentation: string;
  /** Query names the page lists; none when absent. */
  query?: string[];
  /** JSON schema (draft 2020-12) of the body: JSON, or the form fields of an urlencoded body. */
  request?: object;
  /** JSON schema of the answer by status (`200`, `4XX`, `default`), where the page shows one. */
  responses?: Record<string, object | null>;
}

const ROBLOX_OAUTH = 'https://create.roblox.com/docs/cloud/auth/oauth2-reference';
const DISCORD_OAUTH = 'https://discord.com/developers/docs/topics/oauth2';

const string = { type: 'string' } as const;

/** Both platforms' OAuth 2.0 token endpoints: an authorization code (with PKCE) or a refresh token, as a form. */
const tokenRequest = {
  type: 'object',
  required: ['grant_type'],
  properties: {
    grant_type: { enum: ['authorization_code', 'refresh_token'] },
    code: string,
    code_verifier: string,
    refresh_token: string,
    client_id: string,
    client_secret: string,
    redirect_uri: string,
  },
};

const tokenAnswer = (extra: Record<string, object> = {}) => ({
  type: 'object',
  required: ['access_token', 'token_type', 'expires_in', 'scope'],
  properties: {
    access_token: string,
    refresh_token: string,
    token_type: { enum: ['Bearer', 'bearer'] },
    expires_in: { type: 'integer' },
    scope: string,
    ...extra,
  },
});

export const allowList: AllowListedOperation[] = [
  {
    method: 'POST',
    url: 'https://apis.roblox.com/api-keys/v1/introspect',
    documentation: 'https://create.roblox.com/docs/cloud/auth/api-keys (Manage API keys: "Introspect API key")',
    request: { type: 'object', required: ['apiKey'], properties: { apiKey: string } },
    responses: {
      200: {
        type: 'object',
        required: ['name', 'authorizedUserId', 'scopes', 'enabled', 'expired'],
        properties: {
          name: string,
          authorizedUserId: { type: 'integer' },
          scopes: {
            type: 'array',
            items: {
              type: 'object',
              required: ['name', 'operations'],
              properties: {
                name: string,
                // Bare verbs under the scope's name, as in the page's example (`"operations": ["write"]`).
                operations: { type: 'array', items: { type: 'string', pattern: '^[a-z-]+$' } },
                universeIds: { type: 'array', items: string },
                userIds: { type: 'array', items: string },
                groupIds: { type: 'array', items: string },
                universeDatastores: { type: 'array' },
              },
            },
          },
          enabled: { type: 'boolean' },
          expired: { type: 'boolean' },
          expirationTimeUtc: { type: ['string', 'null'] },
        },
      },
    },
  },
  {
    method: 'GET',
    url: 'https://apis.roblox.com/oauth/v1/authorize',
    documentation: `${ROBLOX_OAUTH} ("Authorization")`,
    query: [
      'client_id',
      'redirect_uri',
      'scope',
      'response_type',
      'state',
      'nonce',
      'code_challenge',
      'code_challenge_method',
      'prompt',
    ],
    // A browser redirect back to the app, no body.
    responses: { 302: null },
  },
  {
    method: 'POST',
    url: 'https://apis.roblox.com/oauth/v1/token',
    documentation: `${ROBLOX_OAUTH} ("Token exchange")`,
    request: tokenRequest,
    // Roblox adds the OpenID Connect id_token when `openid` was asked for.
    responses: { 200: tokenAnswer({ id_token: string }) },
  },
  {
    method: 'GET',
    url: 'https://apis.roblox.com/oauth/v1/userinfo',
    documentation: `${ROBLOX_OAUTH} ("User information")`,
    responses: {
      200: {
        type: 'object',
        required: ['sub'],
        properties: {
          sub: string,
          name: string,
          nickname: string,
          preferred_username: string,
          created_at: { type: 'integer' },
          profile: string,
          picture: { type: ['string', 'null'] },
        },
      },
    },
  },
  {
    method: 'GET',
    url: 'https://discord.com/oauth2/authorize',
    documentation: `${DISCORD_OAUTH} ("Authorization URL", "Bot Authorization Flow")`,
    query: [
      'client_id',
      'redirect_uri',
      'response_type',
      'scope',
      'state',
      'prompt',
      'permissions',
      'guild_id',
      'disable_guild_select',
      'integration_type',
    ],
  },
  {
    method: 'POST',
    url: 'https://discord.com/api/oauth2/token',
    documentation: `${DISCORD_OAUTH} ("Access Token Exchange", "Refresh Token Exchange")`,
    request: tokenRequest,
    responses: { 200: tokenAnswer() },
  },
];
