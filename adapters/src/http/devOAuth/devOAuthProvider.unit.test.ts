import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Koa from 'koa';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { DEV_COMMUNITY_GUILD, devDiscordProvider, devOwnGuildId } from './devProviders.ts';
import { devIdFor } from './devOAuthProvider.ts';

const PUBLIC_URL = 'http://app.test';
const client = { clientId: 'dev-client', clientSecret: 'dev-secret' };
const verifier = 'a'.repeat(50);
const challenge = createHash('sha256').update(verifier).digest('base64url');
const redirectUri = `${PUBLIC_URL}/auth/discord/callback`;

let server: Server;
let base: string;

beforeAll(async () => {
  const app = new Koa();
  app.use(devDiscordProvider(PUBLIC_URL, client).routes());
  server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/dev-oauth/discord`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const authorizeQuery = (overrides: Record<string, string> = {}) =>
  new URLSearchParams({
    client_id: client.clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    state: 'state-1',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...overrides,
  });

async function codeFor(name: string): Promise<string> {
  const query = authorizeQuery();
  query.set('name', name);
  const response = await fetch(`${base}/oauth2/authorize/approve?${query}`, { redirect: 'manual' });
  const location = new URL(response.headers.get('location')!);
  expect(location.searchParams.get('state')).toBe('state-1');
  return location.searchParams.get('code')!;
}

const clientForm = () => ({ client_id: client.clientId, client_secret: client.clientSecret });

const exchange = (form: Record<string, string>) =>
  fetch(`${base}/api/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      redirect_uri: redirectUri,
      ...clientForm(),
      ...form,
    }),
  });

describe('the development Discord provider', () => {
  it('shows an authorize page and refuses a redirect outside the app', async () => {
    const page = await fetch(`${base}/oauth2/authorize?${authorizeQuery()}`);
    expect(await page.text()).toContain('Sign in with Discord (development)');
    const foreign = await fetch(`${base}/oauth2/authorize?${authorizeQuery({ redirect_uri: 'https://evil.test/cb' })}`);
    expect(foreign.status).toBe(400);
  });

  it('exchanges a code with the right PKCE verifier once, and serves the user it names', async () => {
    const code = await codeFor('alice');
    const token = await exchange({ code, code_verifier: verifier });
    expect(token.status).toBe(200);
    const { access_token } = (await token.json()) as { access_token: string };
    const me = await fetch(`${base}/api/v10/users/@me`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(await me.json()).toMatchObject({ id: devIdFor('alice'), username: 'alice' });
    const replay = await exchange({ code, code_verifier: verifier });
    expect(replay.status).toBe(400);
  });

  it('refuses a wrong verifier, a wrong secret and an unknown token', async () => {
    expect((await exchange({ code: await codeFor('bob'), code_verifier: 'b'.repeat(50) })).status).toBe(400);
    expect(
      (await exchange({ code: await codeFor('bob'), code_verifier: verifier, client_secret: 'nope' })).status,
    ).toBe(400);
    expect((await fetch(`${base}/api/v10/users/@me`, { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
  });

  it('sends access_denied back when the visitor cancels', async () => {
    const query = authorizeQuery();
    query.set('deny', '1');
    const response = await fetch(`${base}/oauth2/authorize/approve?${query}`, { redirect: 'manual' });
    expect(new URL(response.headers.get('location')!).searchParams.get('error')).toBe('access_denied');
  });

  it('refreshes a token once per refresh token, and refuses a spent one', async () => {
    const first = (await (await exchange({ code: await codeFor('carol'), code_verifier: verifier })).json()) as Record<
      string,
      string
    >;
    expect(first.refresh_token).toBeTruthy();
    const refresh = (refreshToken: string) => exchange({ grant_type: 'refresh_token', refresh_token: refreshToken });
    const second = await refresh(first.refresh_token!);
    expect(second.status).toBe(200);
    const { access_token, refresh_token } = (await second.json()) as Record<string, string>;
    expect(refresh_token).not.toBe(first.refresh_token);
    const me = await fetch(`${base}/api/v10/users/@me`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(await me.json()).toMatchObject({ username: 'carol' });
    expect((await refresh(first.refresh_token!)).status).toBe(400);
  });

  it("serves each user's guilds: their own, owned, and the shared community the first sample name manages", async () => {
    const guildsOf = async (name: string) => {
      const { access_token } = (await (
        await exchange({ code: await codeFor(name), code_verifier: verifier })
      ).json()) as Record<string, string>;
      const response = await fetch(`${base}/api/v10/users/@me/guilds?with_counts=true`, {
        headers: { authorization: `Bearer ${access_token}` },
      });
      return (await response.json()) as Record<string, unknown>[];
    };
    const alice = await guildsOf('alice');
    const bob = await guildsOf('bob');
    expect(bob.map((guild) => guild.id)).toEqual([devOwnGuildId('bob'), DEV_COMMUNITY_GUILD.id]);
    expect(bob[0]).toMatchObject({ name: "bob's Server", owner: true, approximate_member_count: 1 });
    const manageServer = (guild: Record<string, unknown> | undefined) =>
      (BigInt(String(guild?.permissions)) & (1n << 5n)) !== 0n;
    expect(manageServer(alice[1])).toBe(true);
    expect(manageServer(bob[1])).toBe(false);
    expect(Number(bob[1]?.approximate_member_count)).toBeGreaterThanOrEqual(2);
    expect((await fetch(`${base}/api/v10/users/@me/guilds`)).status).toBe(401);
  });
});
