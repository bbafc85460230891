/**
 * Customer sessions across two API instances on one database (as two replicas would run): each keeps a short
 * in-process cache of session and customer rows, and a logout or change on one is seen by the other at once.
 * Lifetimes (idle, absolute, pre-sign-in) are checked through GET /api/user as a browser meets them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { inRequestContext } from '@groupflow/adapters/persistence/database';
import { MikroOrmCustomerRepository } from '@groupflow/adapters/persistence/customer/MikroOrmCustomerRepository';
import { MemoizedCookieSigner } from '@groupflow/adapters/http/auth/MemoizedCookieSigner';
import { SESSION_COOKIE } from '@groupflow/adapters/http/createHttpApp';
import { startTestApi, type TestApi } from './apiHarness.ts';
import { resolve, TOKENS } from '../src/containers/tokens.ts';

const SECRET = randomBytes(32).toString('hex');
const MINUTE = 60_000;
let first: TestApi;
let second: TestApi;
let sequence = 0;

beforeAll(async () => {
  // A long cache lifetime: only the notifications can make the second instance forget within the test.
  const env = { SESSION_SECRET: SECRET, SESSION_CACHE_SECONDS: '60' };
  [first, second] = await Promise.all([startTestApi(env), startTestApi(env)]);
});

afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

/** A customer and a signed-in session made through the store, and the signed cookie a browser would send. */
async function signedIn(session: Record<string, unknown> = {}): Promise<{ cookie: string; customerId: number }> {
  sequence += 1;
  const customer = await inRequestContext(first.orm, () =>
    new MikroOrmCustomerRepository(first.orm).create({
      username: `sessions-${process.pid}-${sequence}`,
      email: `sessions-${process.pid}-${sequence}@example.test`,
      discordId: `${Date.now()}${sequence}`,
      avatar: null,
      discriminator: null,
      robloxId: null,
      robloxUsername: null,
      isVerified: false,
    }),
  );
  const id = randomBytes(32).toString('base64url');
  const now = new Date().toISOString();
  const store = resolve(first.container, TOKENS.CustomerSessionStore);
  await store.set(id, { customerId: customer.id, signedInAt: now, lastSeenAt: now, ...session });
  const signature = new MemoizedCookieSigner([SECRET], 1).sign(`${SESSION_COOKIE}=${id}`);
  return { cookie: `${SESSION_COOKIE}=${id}; ${SESSION_COOKIE}.sig=${signature}`, customerId: customer.id };
}

const user = (api: TestApi, cookie: string) => fetch(`${api.url}/api/user`, { headers: { cookie } });
const sessionRows = async () =>
  Number(
    (
      await first.orm.em.fork().getConnection().execute<{ n: string }[]>('select count(*) as n from customer_sessions')
    )[0]!.n,
  );

describe('customer sessions on two API instances', () => {
  it('serve a signed-in session from the cache: a row removed behind its back is still answered', async () => {
    const { cookie } = await signedIn();
    expect((await user(second, cookie)).status).toBe(200);
    await second.orm.em.fork().getConnection().execute('delete from customer_sessions');
    expect((await user(second, cookie)).status).toBe(200);
  });

  it('end at once on the other instance when the customer logs out on one', async () => {
    const { cookie } = await signedIn();
    expect((await user(first, cookie)).status).toBe(200);
    expect((await user(second, cookie)).status).toBe(200);
    const logout = await fetch(`${first.url}/auth/logout`, { method: 'POST', headers: { cookie } });
    expect(logout.status).toBe(200);
    expect((await user(second, cookie)).status).toBe(401);
    expect((await user(first, cookie)).status).toBe(401);
  });

  it('show a profile change made on one instance on the other at once', async () => {
    const { cookie } = await signedIn();
    expect((await user(second, cookie)).status).toBe(200);
    const update = await fetch(`${first.url}/api/user/profile`, {
      method: 'PUT',
      // No Origin: a non-browser client, which the CSRF guard lets through (the guard has tests of its own).
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'renamed-on-first' }),
    });
    expect(update.status).toBe(200);
    expect(((await (await user(second, cookie)).json()) as { username: string }).username).toBe('renamed-on-first');
  });
});

describe('customer session lifetime', () => {
  it('signs out a session idle for longer than the idle timeout and removes its row', async () => {
    const idle = new Date(Date.now() - 31 * MINUTE).toISOString();
    const { cookie } = await signedIn({ signedInAt: idle, lastSeenAt: idle });
    const before = await sessionRows();
    expect((await user(first, cookie)).status).toBe(401);
    expect(await sessionRows()).toBe(before - 1);
  });

  it('signs out a session seven days after sign-in even though it was used a minute ago', async () => {
    const { cookie } = await signedIn({
      signedInAt: new Date(Date.now() - 7 * 24 * 60 * MINUTE).toISOString(),
      lastSeenAt: new Date(Date.now() - MINUTE).toISOString(),
    });
    expect((await user(second, cookie)).status).toBe(401);
  });

  it('records a use at most once per touch interval, moving the idle deadline', async () => {
    const earlier = new Date(Date.now() - 5 * MINUTE).toISOString();
    const { cookie, customerId } = await signedIn({ lastSeenAt: earlier });
    const lastSeen = async () =>
      (
        await first.orm.em
          .fork()
          .getConnection()
          .execute<{ seen: string }[]>(
            "select data->>'lastSeenAt' as seen from customer_sessions where data->>'customerId' = ?",
            [String(customerId)],
          )
      )[0]!.seen;
    expect((await user(first, cookie)).status).toBe(200);
    const touched = await lastSeen();
    expect(Date.parse(touched)).toBeGreaterThan(Date.parse(earlier));
    expect((await user(first, cookie)).status).toBe(200);
    expect((await user(second, cookie)).status).toBe(200);
    expect(await lastSeen()).toBe(touched);
  });

  it('reports on GET /api/debug when the session ends by these rules', async () => {
    const lastSeenAt = new Date(Date.now() - 10_000).toISOString();
    const { cookie } = await signedIn({ lastSeenAt });
    const debug = (await (await fetch(`${first.url}/api/debug`, { headers: { cookie } })).json()) as {
      session: { expiresAt: string };
    };
    expect(debug.session.expiresAt).toBe(new Date(Date.parse(lastSeenAt) + 30 * MINUTE).toISOString());
  });

  it('gives a sign-in that was started but not finished ten minutes', async () => {
    const response = await fetch(`${first.url}/auth/discord`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    const [row] = await first.orm.em
      .fork()
      .getConnection()
      .execute<{ left: string }[]>(
        "select extract(epoch from expires_at - now())::float as left from customer_sessions where data->'grant' is not null order by expires_at desc limit 1",
      );
    expect(Number(row!.left)).toBeGreaterThan(9 * 60);
    expect(Number(row!.left)).toBeLessThanOrEqual(10 * 60);
  });
});
