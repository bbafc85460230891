/**
 * Issue 14's hardening, spoken to the real API over HTTP: security headers on every kind of answer, source maps
 * refused in production, CSRF refusal of cross-site cookie requests, logout only by POST, NUL characters and
 * prototype keys refused with 400, malformed page paths never a 500, and client request ids vetted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@groupflow/adapters/net/freePort';
import { callApi, startTestApi, type TestApi } from './apiHarness.ts';
import { CustomerBrowser } from './customerBrowser.ts';

const REMOTE_ORIGIN = 'http://127.0.0.1:4999';
let api: TestApi;
let production: TestApi;
let base: string;
let webRoot: string;

async function site(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'groupflow-web-'));
  for (const dir of ['shell/dist', 'mf-customer/dist', 'mf-staff/dist', 'mf-legal/dist'])
    await mkdir(join(root, dir), { recursive: true });
  await writeFile(join(root, 'shell/dist/index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(join(root, 'shell/dist/main.js'), 'console.log(1);\n//# sourceMappingURL=main.js.map');
  await writeFile(join(root, 'shell/dist/main.js.map'), '{"version":3,"sources":["secret.ts"]}');
  return root;
}

beforeAll(async () => {
  webRoot = await site();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  api = await startTestApi({
    PORT: String(port),
    PUBLIC_URL: base,
    WEB_ROOT: webRoot,
    REMOTE_STAFF_URL: `${REMOTE_ORIGIN}/mf-manifest.json`,
  });
  const productionPort = await freePort();
  production = await startTestApi({
    NODE_ENV: 'production',
    PORT: String(productionPort),
    PUBLIC_URL: `http://127.0.0.1:${productionPort}`,
    LEADERSHIP_EMAIL: 'leadership@groupflow.example',
    DATABASE_URL: 'postgres://unused-the-harness-passes-its-own',
    SESSION_SECRET: 'a-production-secret-of-at-least-32-bytes',
    TRUST_PROXY: 'true',
    MIGRATE_ON_START: 'true',
    WEB_ROOT: webRoot,
    // Real-looking credentials, so starting a sign-in stores its state in a session (the address is never called).
    DISCORD_CLIENT_ID: 'client-1',
    DISCORD_CLIENT_SECRET: 'secret-1',
    DISCORD_BASE_URL: 'http://127.0.0.1:9',
  });
});

afterAll(async () => {
  await api?.close();
  await production?.close();
});

describe('security headers (issue 14 fix 4)', () => {
  it.each([
    '/',
    '/dashboard',
    '/no-such-page',
    '/main.js',
    '/api/remotes',
    '/api/no-such-call',
    '/api/health',
    '/api/user',
  ])('%s carries the CSP, nosniff and no-referrer', async (path) => {
    const response = await fetch(`${base}${path}`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`script-src 'self' ${REMOTE_ORIGIN}`);
    expect(csp).toContain(`connect-src 'self' ${REMOTE_ORIGIN}`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('adds Strict-Transport-Security in production only', async () => {
    const response = await fetch(`${production.url}/`);
    expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('serves source maps outside production and refuses them in production', async () => {
    expect((await fetch(`${base}/main.js.map`)).status).toBe(200);
    const refused = await fetch(`${production.url}/main.js.map`);
    expect(refused.status).toBe(404);
    expect(await refused.text()).not.toContain('secret.ts');
    expect((await fetch(`${production.url}/main.js`)).status).toBe(200);
  });
});

describe('CSRF and logout (issue 14 fix 5)', () => {
  const signedIn = async (name: string) => {
    const browser = new CustomerBrowser(base);
    await browser.signInWithDiscord(name);
    return browser;
  };

  it('refuses a cross-site cookie request, by Origin or by Sec-Fetch-Site, and changes nothing', async () => {
    const browser = await signedIn('csrf-target');
    const attempts: Record<string, string>[] = [
      { origin: 'http://evil.test' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'null' },
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of attempts) {
      const answer = await browser.json('PUT', '/api/user/profile', { username: 'pwned' }, headers);
      expect(answer).toEqual({
        status: 403,
        body: { code: 'REQUEST.CROSS_SITE', message: 'Cross-site request refused' },
      });
    }
    expect((await browser.json('GET', '/api/user')).body).toMatchObject({ username: 'csrf-target' });
  });

  it('lets our own pages and header-less clients through', async () => {
    const browser = await signedIn('csrf-friend');
    const own = await browser.json(
      'PUT',
      '/api/user/profile',
      { username: 'csrf-friend-2' },
      { origin: base, 'sec-fetch-site': 'same-origin' },
    );
    expect(own.status).toBe(200);
    expect((await browser.json('PUT', '/api/user/profile', { username: 'csrf-friend-3' })).status).toBe(200);
    // What Chromium sends for our own form posts under Referrer-Policy: no-referrer.
    const nullOrigin = await browser.json(
      'PUT',
      '/api/user/profile',
      { username: 'csrf-friend-4' },
      { origin: 'null', 'sec-fetch-site': 'same-origin' },
    );
    expect(nullOrigin.status).toBe(200);
  });

  it('leaves bearer calls without the session cookie alone', async () => {
    const member = await api.provisionStaff('customer_support');
    const token = await api.login(member.email);
    const answer = await callApi(base, 'POST', '/api/staff/clock-in', token, undefined, {
      origin: 'http://elsewhere.test',
    });
    expect(answer.status).toBe(200);
  });

  it.each(['/api/logout', '/auth/logout'])('GET %s shows a page that posts, and does not log out', async (path) => {
    const browser = await signedIn('stays-in');
    const page = await browser.fetch(path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('<form method="post" action="/api/logout">');
    expect(html).not.toContain('<script');
    expect((await browser.json('GET', '/api/user')).status).toBe(200);
  });

  it('POST /api/logout from our own page ends the session and goes to /', async () => {
    const browser = await signedIn('leaves');
    const stolen = new CustomerBrowser(base);
    for (const [name, value] of browser.cookies) stolen.cookies.set(name, value);
    const cross = await browser.fetch('/api/logout', { method: 'POST', headers: { origin: 'http://evil.test' } });
    expect(cross.status).toBe(403);
    expect((await browser.json('GET', '/api/user')).status).toBe(200);
    const out = await browser.fetch('/api/logout', {
      method: 'POST',
      headers: { origin: base, 'sec-fetch-site': 'same-origin' },
    });
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe('/');
    expect((await stolen.json('GET', '/api/user')).status).toBe(401);
  });

  it('names the session cookie __Host- in production: Secure, Path=/, no Domain', async () => {
    const start = await fetch(`${production.url}/auth/discord`, {
      redirect: 'manual',
      headers: { 'x-forwarded-proto': 'https' },
    });
    const cookies = start.headers.getSetCookie();
    const session = cookies.find((line) => line.startsWith('__Host-groupflow.sid='));
    expect(cookies).not.toContainEqual(expect.stringMatching(/^groupflow\.sid=/));
    expect(session).toMatch(/;\s*secure/i);
    expect(session).toMatch(/;\s*path=\//i);
    expect(session).not.toMatch(/domain=/i);
  });
});

describe('bad input (issue 14 fix 7)', () => {
  it('refuses a NUL character with 400 naming the field, and stores nothing', async () => {
    const browser = new CustomerBrowser(base);
    await browser.signInWithDiscord('nul-tester');
    const answer = await browser.json('PUT', '/api/user/profile', { username: 'bad\u0000name' });
    expect(answer.status).toBe(400);
    expect(answer.body.issues).toEqual([
      expect.objectContaining({ path: ['username'], message: 'Must not contain a NUL character' }),
    ]);
    expect((await browser.json('GET', '/api/user')).body).toMatchObject({ username: 'nul-tester' });
  });

  it.each(['/%E0%A4%A', '/remotes/customer/%E0%A4%A', '/%', '/dashboard%ZZ'])(
    'answers the malformed page path %s with 400 or 404',
    async (path) => {
      const response = await fetch(`${base}${path}`);
      expect([400, 404]).toContain(response.status);
    },
  );

  it('answers malformed encoding in an API path without a 500', async () => {
    const owner = await api.login((await api.provisionStaff('platform_owner')).email);
    for (const path of ['/api/legal/cases/%E0%A4%A', '/api/staff/%E0%A4%A', '/api/%E0%A4%A']) {
      const answer = await callApi(base, 'GET', path, owner);
      expect(answer.status, path).toBeLessThan(500);
      const removal = await callApi(base, 'DELETE', path, owner);
      expect(removal.status, path).toBeLessThan(500);
    }
  });

  it.each(['__proto__', 'constructor', 'prototype'])('refuses a JSON body with a "%s" key with 400', async (key) => {
    const body = `{"name":"A","email":"a@example.test","subject":"S","message":"M","${key}":{"polluted":true}}`;
    const response = await fetch(`${base}/api/support/create-public`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    // The body parser already refuses `__proto__` as malformed; the other two reach the key check, which names them.
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { message: string; issues: { path: string[] }[] };
    if (key !== '__proto__') expect(answer.issues).toEqual([expect.objectContaining({ path: [key] })]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('request ids (issue 14 fix 11)', () => {
  it('echoes a short id of safe characters', async () => {
    const response = await fetch(`${base}/api/remotes`, { headers: { 'x-request-id': 'trace-1.A_b' } });
    expect(response.headers.get('x-request-id')).toBe('trace-1.A_b');
  });

  it.each([
    ['too long', 'a'.repeat(65)],
    ['unsafe characters', 'id with spaces'],
    ['markup', '<script>'],
    ['quotes', '"x"'],
  ])('replaces an id with %s by a fresh one', async (_, offered) => {
    const response = await fetch(`${base}/api/remotes`, { headers: { 'x-request-id': offered } });
    const id = response.headers.get('x-request-id');
    expect(id).not.toBe(offered);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
