/**
 * The grant sign-in flow end to end over HTTP against real PostgreSQL: Discord through a fake OAuth server on
 * loopback (DISCORD_BASE_URL), Roblox through the built-in development provider.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { freePort } from '@groupflow/adapters/net/freePort';
import { openDatabase, type Orm } from '@groupflow/adapters/persistence/database';
import { sessionDebugSchema } from '@groupflow/core/contracts';
import { loadConfig } from '../src/config.ts';
import { HIGH_RATE_LIMITS } from './highRateLimits.ts';
import { startApi, type RunningApi } from '../src/api.ts';
import { CookieBrowser as Browser } from './cookieBrowser.ts';
import { checkedFetch } from './apiHarness.ts';

type Mode = 'ok' | 'fail';

/** A Discord stand-in: token and user-info endpoints whose answers each test chooses. */
class FakeDiscord {
  token: Mode = 'ok';
  user: Mode = 'ok';
  /** Who signs in at Discord; a test may sign in someone else and put this back. */
  identity = { id: '80351110224678912', username: 'nelly' };
  lastTokenForm: URLSearchParams | null = null;
  url = '';
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

  async #handle(req: IncomingMessage, res: import('node:http').ServerResponse): Promise<void> {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'POST' && req.url === '/api/oauth2/token') {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      this.lastTokenForm = new URLSearchParams(raw);
      return this.token === 'ok'
        ? json(200, { access_token: 'fake-token', token_type: 'Bearer' })
        : json(500, { error: 'boom' });
    }
    if (req.method === 'GET' && req.url === '/api/v10/users/@me') {
      if (this.user === 'fail' || req.headers.authorization !== 'Bearer fake-token')
        return json(401, { message: '401: Unauthorized' });
      return json(200, {
        ...this.identity,
        email: 'nelly@example.test',
        avatar: 'a_8342729096ea3675442027381ff50dfe',
        discriminator: '1337',
      });
    }
    json(404, { message: 'not found' });
  }
}

/** Test bodies are asserted field by field, so they are read loosely typed. */
const body = async (response: Response | Promise<Response>): Promise<Record<string, any>> =>
  (await (await response).json()) as Record<string, any>;

let orm: Orm;
let api: RunningApi;
let discord: FakeDiscord;
let dataDir: string;
let base: string;

beforeAll(async () => {
  discord = new FakeDiscord();
  await discord.start();
  dataDir = await mkdtemp(join(tmpdir(), 'groupflow-signin-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    ...HIGH_RATE_LIMITS,
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    DISCORD_CLIENT_ID: 'client-1',
    DISCORD_CLIENT_SECRET: 'secret-1',
    DISCORD_BASE_URL: discord.url,
    OAUTH_TIMEOUT_MS: '3000',
  });
  orm = await openDatabase(inject('databaseUrl'));
  api = await startApi(config, pino({ level: 'silent' }), orm);
});

afterAll(async () => {
  await api?.close();
  await orm?.close(true);
  await discord?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Follows /auth/discord to the provider and returns the authorize URL's parameters. */
async function startDiscord(browser: Browser): Promise<URLSearchParams> {
  const start = await browser.get('/auth/discord');
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('location')!);
  expect(`${authorize.origin}${authorize.pathname}`).toBe(`${discord.url}/oauth2/authorize`);
  return authorize.searchParams;
}

async function signInWithDiscord(browser: Browser): Promise<Response> {
  const params = await startDiscord(browser);
  return browser.get(`/auth/discord/callback?code=good-code&state=${params.get('state')}`);
}

const CUSTOMER_CALLS: [string, string][] = [
  ['GET', '/api/user'],
  ['GET', '/api/auth/me'],
  ['GET', '/api/user/profile'],
  ['PUT', '/api/user/profile'],
  ['GET', '/api/bots'],
  ['GET', '/api/servers'],
];

describe('Discord sign-in through grant', () => {
  it('asks for identify, email and guilds with state and PKCE', async () => {
    const params = await startDiscord(new Browser(base));
    expect(params.get('client_id')).toBe('client-1');
    expect(params.get('scope')).toBe('identify email guilds');
    expect(params.get('redirect_uri')).toBe(`${base}/auth/discord/callback`);
    expect(params.get('state')).toMatch(/^[0-9a-f]{20,}$/);
    expect(params.get('code_challenge_method')).toBe('S256');
  });

  it('creates the user, lands on /auth-success with a fresh session, and logout ends it for good', async () => {
    discord.token = 'ok';
    discord.user = 'ok';
    const browser = new Browser(base);
    await startDiscord(browser);
    const before = browser.cookies.get('groupflow.sid');
    const params = await startDiscord(browser);
    const callback = await browser.get(`/auth/discord/callback?code=good-code&state=${params.get('state')}`);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/auth-success');
    expect(browser.cookies.get('groupflow.sid')).not.toBe(before);
    expect(discord.lastTokenForm?.get('code_verifier')).toBeTruthy();

    const me = await browser.get('/api/user');
    expect(me.status).toBe(200);
    expect(await body(me)).toMatchObject({
      username: 'nelly',
      discordId: '80351110224678912',
      email: 'nelly@example.test',
      discriminator: '1337',
      isVerified: false,
    });
    const profile = await body(browser.get('/api/user/profile'));
    expect(profile.stats).toEqual({ totalBots: 0, activeBots: 0, totalCommands: 0 });

    const stolen = browser.clone();
    const logout = await browser.get('/auth/logout', { method: 'POST' });
    expect(logout.status).toBe(200);
    expect((await stolen.get('/api/user')).status).toBe(401);
    expect((await browser.get('/api/user')).status).toBe(401);
  });

  it('refuses a session whose server-side row has expired, even with a valid signed cookie', async () => {
    const browser = new Browser(base);
    await signInWithDiscord(browser);
    // Not read before: a read would keep the row in the process's cache, which only a logout (announced) ends early.
    await orm.em
      .fork()
      .getConnection()
      .execute("update customer_sessions set expires_at = now() - interval '1 second'");
    expect((await browser.get('/api/user')).status).toBe(401);
  });

  it('updates the same user on a second sign-in', async () => {
    const first = new Browser(base);
    await signInWithDiscord(first);
    const second = new Browser(base);
    await signInWithDiscord(second);
    const [a, b] = await Promise.all([first.get('/api/user'), second.get('/api/user')].map(body));
    expect(a?.id).toEqual(expect.any(Number));
    expect(a?.id).toBe(b?.id);
  });

  it('lands on invalid_state for a forged state and for a callback without a started flow', async () => {
    const browser = new Browser(base);
    await startDiscord(browser);
    const forged = await browser.get('/auth/discord/callback?code=good-code&state=forged');
    expect(forged.headers.get('location')).toBe('/customer-dashboard?error=invalid_state');
    const stranger = await new Browser(base).get('/auth/discord/callback?code=good-code&state=whatever');
    expect(stranger.headers.get('location')).toBe('/customer-dashboard?error=invalid_state');
    expect((await browser.get('/api/user')).status).toBe(401);
  });

  it('refuses a NUL in the start query with 400 naming the parameter, since grant keeps the query in the session', async () => {
    const answer = await new Browser(base).get('/auth/discord?prompt=a%00b');
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ issues: [{ path: ['prompt'] }] });
  });

  it('lands on oauth_error when the user cancels at the provider', async () => {
    const browser = new Browser(base);
    const params = await startDiscord(browser);
    const denied = await browser.get(`/auth/discord/callback?error=access_denied&state=${params.get('state')}`);
    expect(denied.headers.get('location')).toBe('/customer-dashboard?error=oauth_error');
  });

  it('lands on token_exchange_failed when the token endpoint fails', async () => {
    discord.token = 'fail';
    try {
      const response = await signInWithDiscord(new Browser(base));
      expect(response.headers.get('location')).toBe('/customer-dashboard?error=token_exchange_failed');
    } finally {
      discord.token = 'ok';
    }
  });

  it('lands on user_info_failed when the user-info endpoint fails, and signs nobody in', async () => {
    discord.user = 'fail';
    try {
      const browser = new Browser(base);
      const response = await signInWithDiscord(browser);
      expect(response.headers.get('location')).toBe('/customer-dashboard?error=user_info_failed');
      expect((await browser.get('/api/user')).status).toBe(401);
    } finally {
      discord.user = 'ok';
    }
  });
});

describe('Roblox sign-in through the development provider', () => {
  async function roblox(browser: Browser, name: string): Promise<Response> {
    const start = await browser.get('/auth/roblox');
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.pathname).toBe('/dev-oauth/roblox/v1/authorize');
    expect(authorize.searchParams.get('scope')).toBe('openid profile');
    expect(authorize.searchParams.get('code_challenge')).toBeTruthy();
    const page = await browser.get(authorize.toString());
    expect(await page.text()).toContain('Sign in with Roblox (development)');
    const approve = new URL(`${base}/dev-oauth/roblox/v1/authorize/approve${authorize.search}`);
    approve.searchParams.set('name', name);
    const back = await browser.get(approve.toString());
    return browser.get(back.headers.get('location')!);
  }

  it('links Roblox to the signed-in Discord user and marks them verified', async () => {
    const browser = new Browser(base);
    await signInWithDiscord(browser);
    const done = await roblox(browser, 'Builderman');
    expect(done.headers.get('location')).toBe('/roblox-login?success=true');
    const me = await body(browser.get('/api/auth/me'));
    expect(me).toMatchObject({
      username: 'nelly',
      robloxUsername: 'Builderman',
      robloxId: expect.stringMatching(/^\d+$/),
    });
    expect((await body(browser.get('/api/user'))).isVerified).toBe(true);
  });

  it('signs a visitor in as the owner of that Roblox account', async () => {
    const browser = new Browser(base);
    const done = await roblox(browser, 'Builderman');
    expect(done.headers.get('location')).toBe('/roblox-login?success=true');
    expect(await body(browser.get('/api/user'))).toMatchObject({ username: 'nelly', robloxUsername: 'Builderman' });
  });

  it('refuses to link a Roblox account that another customer with a Discord account holds', async () => {
    const browser = new Browser(base);
    const newcomer = await roblox(browser, 'SomeoneNew');
    expect(newcomer.headers.get('location')).toBe('/roblox-login?success=true');
    const other = await body(browser.get('/api/user'));
    expect(other).toMatchObject({ username: 'SomeoneNew', discordId: null, isVerified: true });
    // Another person's full account: the fake Discord signs everyone in as nelly, so its Discord id is written here.
    await orm.em.fork().getConnection().execute(`update users set discord_id = '424242' where id = ?`, [other.id]);
    const nelly = new Browser(base);
    await signInWithDiscord(nelly);
    const clash = await roblox(nelly, 'SomeoneNew');
    expect(clash.headers.get('location')).toBe('/roblox-login?error=already_linked');
    expect((await browser.get('/api/user')).status).toBe(200);
  });

  it('connects Discord to a Roblox-only account, so both sign-ins lead to that one account (issue 36)', async () => {
    const browser = new Browser(base);
    await roblox(browser, 'LinkedLater');
    const robloxOnly = await body(browser.get('/api/user'));
    expect(robloxOnly).toMatchObject({ discordId: null, robloxUsername: 'LinkedLater' });
    discord.identity = { id: '80351110224670001', username: 'later' };
    try {
      const connected = await signInWithDiscord(browser);
      expect(connected.headers.get('location')).toBe('/auth-success');
      expect(await body(browser.get('/api/user'))).toMatchObject({
        id: robloxOnly.id,
        discordId: '80351110224670001',
        robloxUsername: 'LinkedLater',
        isVerified: true,
      });
      const byDiscord = new Browser(base);
      await signInWithDiscord(byDiscord);
      expect((await body(byDiscord.get('/api/user'))).id).toBe(robloxOnly.id);
    } finally {
      discord.identity = { id: '80351110224678912', username: 'nelly' };
    }
    const byRoblox = new Browser(base);
    await roblox(byRoblox, 'LinkedLater');
    expect((await body(byRoblox.get('/api/user'))).id).toBe(robloxOnly.id);
  });

  it('refuses to merge a Roblox-only account into a Discord account another customer holds', async () => {
    const nelly = new Browser(base);
    await signInWithDiscord(nelly);
    const owner = await body(nelly.get('/api/user'));
    const intruder = new Browser(base);
    await roblox(intruder, 'Intruder');
    const before = await body(intruder.get('/api/user'));
    const refused = await signInWithDiscord(intruder);
    expect(refused.headers.get('location')).toBe('/customer-dashboard?error=discord_taken');
    // Neither account changed: the intruder is still signed in as itself, without Discord.
    expect(await body(intruder.get('/api/user'))).toMatchObject({ id: before.id, discordId: null });
    expect(await body(nelly.get('/api/user'))).toMatchObject({ id: owner.id, discordId: owner.discordId });
    expect((await body(nelly.get('/api/user'))).robloxUsername).not.toBe('Intruder');
  });

  it('joins the two accounts when the Discord customer proves the Roblox-only account is theirs (issue 36)', async () => {
    const phone = new Browser(base);
    await roblox(phone, 'Twofold');
    const robloxOnly = await body(phone.get('/api/user'));
    const laptop = new Browser(base);
    await signInWithDiscord(laptop);
    const discordAccount = await body(laptop.get('/api/user'));
    // "Sign in with Discord and connect Roblox there": the proof moves the link into the Discord account.
    await roblox(laptop, 'Twofold');
    expect(await body(laptop.get('/api/user'))).toMatchObject({
      id: discordAccount.id,
      robloxUsername: 'Twofold',
      isVerified: true,
    });
    expect((await phone.get('/api/user')).status).toBe(401);
    const again = new Browser(base);
    await roblox(again, 'Twofold');
    expect(await body(again.get('/api/user'))).toMatchObject({ id: discordAccount.id });
    expect(robloxOnly.id).not.toBe(discordAccount.id);
  });
});

describe('customer calls', () => {
  it.each(CUSTOMER_CALLS)('%s %s answers 401 without a session', async (method, path) => {
    const response = await checkedFetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: method === 'PUT' ? JSON.stringify({ username: 'x' }) : undefined,
    });
    expect(response.status).toBe(401);
    expect(await body(response)).toHaveProperty('message');
  });

  it('tells GET /api/user callers where to sign in', async () => {
    const response = await checkedFetch(`${base}/api/user`);
    expect(await body(response)).toMatchObject({ redirect: '/auth/discord' });
  });

  it('updates only validated profile fields and rejects bad input with 400', async () => {
    const browser = new Browser(base);
    await signInWithDiscord(browser);
    const put = (body: unknown) =>
      browser.get('/api/user/profile', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const bad = await put({ email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect((await body(bad)).issues[0].path).toEqual(['email']);
    const good = await put({ email: 'new@example.test', isAdmin: true, robloxId: '1' });
    expect(good.status).toBe(200);
    expect(await body(good)).toMatchObject({ email: 'new@example.test' });
    const debug = sessionDebugSchema.parse(await body(browser.get('/api/debug')));
    expect(debug.session).toMatchObject({ hasSession: true, authenticated: true });
    expect(debug.session.identities.map((identity) => identity.provider)).toContain('discord');
    expect(debug.session.ageSeconds).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(debug)).not.toContain(browser.cookies.get('groupflow.sid'));
  });

  it('answers the lean reads in front of Koa as Koa answers them (a query string sends a read through Koa)', async () => {
    const browser = new Browser(base);
    await signInWithDiscord(browser);
    const headerNames = (response: Response) => [...response.headers.keys()].filter((name) => name !== 'date').sort();
    for (const path of ['/api/user', '/api/user/profile']) {
      const lean = await browser.get(path);
      const koa = await browser.get(`${path}?through=koa`);
      expect(lean.status).toBe(200);
      expect(koa.status).toBe(200);
      expect(headerNames(lean)).toEqual(headerNames(koa));
      for (const name of ['cache-control', 'content-type', 'vary', 'content-security-policy'])
        expect(lean.headers.get(name)).toBe(koa.headers.get(name));
      expect(await lean.json()).toEqual(await koa.json());
    }
  });

  it('reports the Discord configuration without secrets', async () => {
    expect(await body(checkedFetch(`${base}/api/test-discord-config`))).toEqual({
      discordConfigured: true,
      callbackURL: `${base}/auth/discord/callback`,
      environment: 'test',
    });
  });
});
