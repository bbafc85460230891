import { afterEach, describe, expect, it } from 'vitest';
import Router from '@koa/router';
import type Koa from 'koa';
import { createServer, type Server } from 'node:http';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import type { SignInWithDiscord, SignInWithRoblox } from '@groupflow/core';
import type { Orm } from '../persistence/database.ts';
import { createHttpApp, SESSION_COOKIE, sessionCookieName, type SessionStore } from './createHttpApp.ts';
import { customerAuthRoutes } from './routes/customerAuthRoutes.ts';
import { MemoizedCookieSigner } from './auth/MemoizedCookieSigner.ts';
import type { DiscordOAuthProfiles, RobloxOAuthProfiles } from './oauth/OAuthProfiles.ts';

const ormStub = { em: { fork: () => ({}) } } as unknown as Orm;
const silent = pino({ level: 'silent' });

class MemoryStore implements SessionStore {
  readonly rows = new Map<string, Record<string, unknown>>();
  async get(id: string) {
    return this.rows.get(id);
  }
  async set(id: string, data: Record<string, unknown>) {
    this.rows.set(id, data);
  }
  async destroy(id: string) {
    this.rows.delete(id);
  }
}

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serve(
  routers: Router[],
  session: { secure: boolean; proxy: boolean; store?: SessionStore },
): Promise<string> {
  const shellDir = await mkdtemp(join(tmpdir(), 'shell-'));
  const app: Koa = createHttpApp({
    logger: silent,
    orm: ormStub,
    routers,
    shellDir,
    mounts: [],
    proxy: session.proxy,
    bodyLimit: '1kb',
    session: {
      keys: new MemoizedCookieSigner(['test-key'], 100),
      store: session.store ?? new MemoryStore(),
      maxAgeMs: 60_000,
      secure: session.secure,
      publicOrigin: 'http://127.0.0.1',
    },
  });
  server = createServer(app.callback());
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

const touchSession = () => {
  const router = new Router();
  router.get('/api/touch', (ctx) => {
    (ctx.session as { n?: number }).n = 1;
    ctx.body = { ok: true };
  });
  return router;
};

describe('customer session cookies', () => {
  it('are signed, HttpOnly and SameSite=Lax, carry a 32-byte id and keep the content server-side', async () => {
    const store = new MemoryStore();
    const base = await serve([touchSession()], { secure: false, proxy: false, store });
    const response = await fetch(`${base}/api/touch`);
    const cookies = response.headers.getSetCookie();
    const sid = cookies.find((line) => line.startsWith(`${SESSION_COOKIE}=`))!;
    expect(sid).toMatch(/httponly/i);
    expect(sid).toMatch(/samesite=lax/i);
    expect(sid).not.toMatch(/secure/i);
    expect(cookies.some((line) => line.startsWith(`${SESSION_COOKIE}.sig=`))).toBe(true);
    const id = sid.split(';')[0]!.split('=')[1]!;
    expect(Buffer.from(id, 'base64url')).toHaveLength(32);
    expect(store.rows.get(id)).toMatchObject({ n: 1 });
  });

  it('are Secure and named __Host- in production behind a TLS proxy', async () => {
    const base = await serve([touchSession()], { secure: true, proxy: true });
    const response = await fetch(`${base}/api/touch`, { headers: { 'x-forwarded-proto': 'https' } });
    const cookies = response.headers.getSetCookie();
    const sid = cookies.find((line) => line.startsWith(`${sessionCookieName(true)}=`))!;
    expect(sessionCookieName(true)).toBe(`__Host-${SESSION_COOKIE}`);
    expect(sid).toMatch(/;\s*secure/i);
    expect(sid).toMatch(/;\s*path=\/(;|$)/i);
    expect(sid).not.toMatch(/domain=/i);
    expect(cookies.some((line) => line.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
  });
});

describe('sign-in without a usable provider', () => {
  it('lands on oauth_error instead of sending the visitor to a provider that does not know us', async () => {
    const unused = {} as never;
    const router = customerAuthRoutes({
      grant: async () => {
        throw new Error('grant must not run');
      },
      discordProfiles: unused as DiscordOAuthProfiles,
      robloxProfiles: unused as RobloxOAuthProfiles,
      signInWithDiscord: unused as SignInWithDiscord,
      signInWithRoblox: unused as SignInWithRoblox,
      rememberDiscordGrant: unused,
      usable: { discord: false, roblox: false },
      logger: silent,
    });
    const base = await serve([router], { secure: false, proxy: false });
    const discord = await fetch(`${base}/auth/discord`, { redirect: 'manual' });
    expect(discord.headers.get('location')).toBe('/customer-dashboard?error=oauth_error');
    const roblox = await fetch(`${base}/auth/roblox`, { redirect: 'manual' });
    expect(roblox.headers.get('location')).toBe('/roblox-login?error=oauth_error');
  });
});
