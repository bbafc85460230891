import {
  DiscordGrantRejected,
  DiscordUnavailable,
  type DiscordGrant,
  type DiscordUserApi,
  type UserGuild,
} from '@groupflow/core';
import { discordEndpoints } from '../http/oauth/oauthProviders.ts';

/** Discord answers at most this many guilds per page of GET /users/@me/guilds. */
const PAGE_SIZE = 200;

export interface DiscordOAuthClient {
  clientId: string;
  clientSecret: string;
  /** DISCORD_BASE_URL, or the development provider's base. */
  baseUrl: string;
  timeoutMs: number;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const count = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

function toGuild(raw: Record<string, unknown>): UserGuild | null {
  const id = text(raw.id);
  const name = text(raw.name);
  if (!id || !/^\d+$/.test(id) || !name) return null;
  return {
    id,
    name,
    icon: text(raw.icon),
    owner: raw.owner === true,
    permissions: typeof raw.permissions === 'string' && /^\d+$/.test(raw.permissions) ? raw.permissions : '0',
    approximateMemberCount: count(raw.approximate_member_count),
    approximatePresenceCount: count(raw.approximate_presence_count),
  };
}

/** Discord's OAuth API on a customer's behalf: their guilds (scope `guilds`) and token refresh. */
export class DiscordOAuthUserApi implements DiscordUserApi {
  readonly #client: DiscordOAuthClient;
  constructor(client: DiscordOAuthClient) {
    this.#client = client;
  }

  async #send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(this.#client.timeoutMs) });
    } catch (error) {
      throw new DiscordUnavailable(`Discord unreachable: ${(error as Error).message}`);
    }
  }

  async guildsOf(accessToken: string): Promise<UserGuild[]> {
    const guilds: UserGuild[] = [];
    let after: string | null = null;
    for (;;) {
      const url = new URL(discordEndpoints(this.#client.baseUrl).guilds);
      url.searchParams.set('with_counts', 'true');
      url.searchParams.set('limit', String(PAGE_SIZE));
      if (after) url.searchParams.set('after', after);
      const response = await this.#send(url.toString(), {
        headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
      });
      if (response.status === 401) throw new DiscordGrantRejected('Discord refused the access token');
      if (!response.ok) throw new DiscordUnavailable(`Discord answered ${response.status} for the guild list`);
      const page: unknown = await response.json().catch(() => null);
      if (!Array.isArray(page)) throw new DiscordUnavailable('Discord answered a guild list that is not a list');
      const raw = page.filter((entry): entry is Record<string, unknown> => Boolean(entry) && typeof entry === 'object');
      guilds.push(...raw.map(toGuild).filter((guild): guild is UserGuild => guild !== null));
      if (page.length < PAGE_SIZE) return guilds;
      after = text(raw.at(-1)?.id);
      if (!after) return guilds;
    }
  }

  async refresh(refreshToken: string): Promise<DiscordGrant> {
    const response = await this.#send(discordEndpoints(this.#client.baseUrl).token, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: this.#client.clientId,
        client_secret: this.#client.clientSecret,
      }),
    });
    // Discord answers 400 invalid_grant (401 for a bad client) when the refresh token is spent or revoked.
    if (response.status === 400 || response.status === 401)
      throw new DiscordGrantRejected(`Discord refused the refresh token (${response.status})`);
    if (!response.ok) throw new DiscordUnavailable(`Discord answered ${response.status} to a token refresh`);
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    const grant = body ? grantFromTokenAnswer(body, Date.now()) : null;
    if (!grant) throw new DiscordUnavailable('Discord answered a refresh without an access token');
    return grant;
  }
}

/** A token endpoint's answer (`access_token`, `refresh_token`, `expires_in`, `scope`) as a grant; null without a token. */
export function grantFromTokenAnswer(body: Record<string, unknown>, nowMs: number): DiscordGrant | null {
  const accessToken = text(body.access_token);
  if (!accessToken) return null;
  const expiresIn = typeof body.expires_in === 'number' ? body.expires_in : Number(body.expires_in);
  return {
    accessToken,
    refreshToken: text(body.refresh_token),
    // Without expires_in the token is treated as expiring now: used once, then refreshed (or the grant dropped).
    expiresAt: new Date(nowMs + (Number.isFinite(expiresIn) ? expiresIn * 1000 : 0)),
    scope: text(body.scope) ?? '',
  };
}
