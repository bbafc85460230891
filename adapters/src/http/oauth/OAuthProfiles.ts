import type { DiscordIdentity, RobloxIdentity } from '@groupflow/core';
import { discordEndpoints, robloxEndpoints } from './oauthProviders.ts';

/** The user-info call failed or answered something unusable; the callback reports user_info_failed. */
export class UserInfoFailed extends Error {
  override name = 'UserInfoFailed';
}

async function getJson(url: string, accessToken: string, timeoutMs: number): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new UserInfoFailed(`user info unreachable: ${(error as Error).message}`);
  }
  if (!response.ok) throw new UserInfoFailed(`user info answered ${response.status}`);
  const body: unknown = await response.json().catch(() => null);
  if (!body || typeof body !== 'object') throw new UserInfoFailed('user info is not a JSON object');
  return body as Record<string, unknown>;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.length > 0 ? value : typeof value === 'number' ? String(value) : null;

/** GET {discord}/api/v10/users/@me with the access token grant obtained. */
export class DiscordOAuthProfiles {
  readonly #userUrl: string;
  readonly #timeoutMs: number;
  constructor(baseUrl: string, timeoutMs: number) {
    this.#userUrl = discordEndpoints(baseUrl).user;
    this.#timeoutMs = timeoutMs;
  }

  async identity(accessToken: string): Promise<DiscordIdentity> {
    const body = await getJson(this.#userUrl, accessToken, this.#timeoutMs);
    const id = text(body.id);
    const username = text(body.username);
    if (!id || !username) throw new UserInfoFailed('user info lacks id or username');
    return {
      id,
      username: username.slice(0, 255),
      email: text(body.email),
      avatar: text(body.avatar),
      discriminator: text(body.discriminator),
    };
  }
}

/** GET {roblox}/v1/userinfo (OpenID Connect claims) with the access token grant obtained. */
export class RobloxOAuthProfiles {
  readonly #userUrl: string;
  readonly #timeoutMs: number;
  constructor(baseUrl: string, timeoutMs: number) {
    this.#userUrl = robloxEndpoints(baseUrl).user;
    this.#timeoutMs = timeoutMs;
  }

  async identity(accessToken: string): Promise<RobloxIdentity> {
    const body = await getJson(this.#userUrl, accessToken, this.#timeoutMs);
    const id = text(body.sub);
    const username = text(body.preferred_username) ?? text(body.name);
    if (!id || !username) throw new UserInfoFailed('user info lacks sub or preferred_username');
    return { id, username: username.slice(0, 255) };
  }
}
