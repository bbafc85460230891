/**
 * Discord's OAuth side on loopback (DISCORD_BASE_URL): the token endpoint (authorization code and refresh token),
 * GET /api/v10/users/@me and GET /api/v10/users/@me/guilds, with users and their guilds chosen by each test.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';

export interface FakeDiscordUser {
  id: string;
  username: string;
  avatar?: string | null;
  guilds: Record<string, unknown>[];
}

export class FakeDiscordOAuth {
  url = '';
  /** The user the next authorization code signs in. */
  nextUser: FakeDiscordUser | null = null;
  readonly users = new Map<string, FakeDiscordUser>();
  readonly refreshForms: URLSearchParams[] = [];
  readonly guildRequests: URL[] = [];
  /** While true, GET /users/@me/guilds answers 503, as Discord does in an outage. */
  guildsDown = false;
  readonly #codes = new Map<string, string>();
  readonly #tokens = new Map<string, string>();
  readonly #refreshTokens = new Map<string, string>();
  #server: Server | undefined;

  async start(): Promise<void> {
    this.#server = createServer((req, res) => void this.#handle(req, res));
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    const address = this.#server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()));
  }

  /** An authorization code for the user (what Discord puts on the callback after consent). */
  codeFor(user: FakeDiscordUser): string {
    this.users.set(user.id, user);
    const code = randomBytes(8).toString('hex');
    this.#codes.set(code, user.id);
    return code;
  }

  /** Revokes every token of a user, as a user removing the app in Discord's settings would. */
  revoke(userId: string): void {
    for (const map of [this.#tokens, this.#refreshTokens])
      for (const [token, owner] of map) if (owner === userId) map.delete(token);
  }

  #issue(userId: string) {
    const access = `at-${randomBytes(8).toString('hex')}`;
    const refresh = `rt-${randomBytes(8).toString('hex')}`;
    this.#tokens.set(access, userId);
    this.#refreshTokens.set(refresh, userId);
    return {
      access_token: access,
      refresh_token: refresh,
      token_type: 'Bearer',
      expires_in: 604_800,
      scope: 'identify email guilds',
    };
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const url = new URL(req.url ?? '/', this.url);
    if (req.method === 'POST' && url.pathname === '/api/oauth2/token') {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const form = new URLSearchParams(raw);
      if (form.get('grant_type') === 'refresh_token') {
        this.refreshForms.push(form);
        const owner = this.#refreshTokens.get(form.get('refresh_token') ?? '');
        this.#refreshTokens.delete(form.get('refresh_token') ?? '');
        return owner ? json(200, this.#issue(owner)) : json(400, { error: 'invalid_grant' });
      }
      const owner = this.#codes.get(form.get('code') ?? '');
      this.#codes.delete(form.get('code') ?? '');
      return owner ? json(200, this.#issue(owner)) : json(400, { error: 'invalid_grant' });
    }
    const owner = this.#tokens.get(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '');
    const user = owner ? this.users.get(owner) : undefined;
    if (
      req.method === 'GET' &&
      (url.pathname === '/api/v10/users/@me' || url.pathname === '/api/v10/users/@me/guilds')
    ) {
      if (!user) return json(401, { message: '401: Unauthorized', code: 0 });
      if (url.pathname === '/api/v10/users/@me') {
        return json(200, {
          id: user.id,
          username: user.username,
          avatar: user.avatar ?? null,
          discriminator: '0',
          email: `${user.username}@example.test`,
        });
      }
      this.guildRequests.push(url);
      if (this.guildsDown) return json(503, { message: 'Service Unavailable', code: 0 });
      return json(200, user.guilds);
    }
    json(404, { message: 'not found' });
  }
}

/** A guild entry as GET /users/@me/guilds?with_counts=true carries it. */
export function discordGuild(
  id: string,
  name: string,
  access: 'owner' | 'manager' | 'member',
  counts = { members: 40, online: 12 },
) {
  const member = (1n << 10n) | (1n << 11n);
  return {
    id,
    name,
    icon: null,
    owner: access === 'owner',
    permissions: String(access === 'member' ? member : access === 'manager' ? member | (1n << 5n) : (1n << 41n) - 1n),
    features: [],
    approximate_member_count: counts.members,
    approximate_presence_count: counts.online,
  };
}
