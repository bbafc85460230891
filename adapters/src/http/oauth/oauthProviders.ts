/** Where each OAuth provider lives, and with which client (brief: DISCORD_BASE_URL, ROBLOX_OAUTH_BASE_URL). */
export interface OAuthClient {
  clientId: string;
  clientSecret: string;
  baseUrl: string;
}

export interface OAuthSettings {
  /** The address users reach; callbacks are {publicUrl}/auth/{provider}/callback. */
  publicUrl: string;
  discord: OAuthClient;
  roblox: OAuthClient;
  /** Longest wait for a provider's token or user-info answer. */
  timeoutMs: number;
}

/**
 * Discord's OAuth2 pages and token at the addresses its OAuth2 topic gives; the user and guild reads are HTTP API
 * operations, so they name the API version the rest of the product speaks (v10), not Discord's old default.
 */
export const discordEndpoints = (baseUrl: string) => ({
  authorize: `${baseUrl}/oauth2/authorize`,
  token: `${baseUrl}/api/oauth2/token`,
  user: `${baseUrl}/api/v10/users/@me`,
  guilds: `${baseUrl}/api/v10/users/@me/guilds`,
});

export const robloxEndpoints = (baseUrl: string) => ({
  authorize: `${baseUrl}/v1/authorize`,
  token: `${baseUrl}/v1/token`,
  user: `${baseUrl}/v1/userinfo`,
});

export const callbackUrl = (publicUrl: string, provider: 'discord' | 'roblox') =>
  `${publicUrl.replace(/\/$/, '')}/auth/${provider}/callback`;
