/**
 * Issue 28, spoken to the real API (every container module, real PostgreSQL) over HTTP: the pages of remote routes
 * carry the remotes map and preload hints taken from the remotes' manifests (one hosted here under WEB_ROOT, one on
 * another origin named by REMOTE_LEGAL_URL, which the CSP admits), the build's compressed copies go out by
 * Accept-Encoding with their cache headers, /api/remotes and pages answer 304 when unchanged, API JSON is
 * compressed, and a support chat's event stream is not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import {
  FIRST_PAINT_ATTRIBUTE,
  FIRST_PAINT_FILE,
  INLINED_REMOTES_ID,
  STAFF_SIGNED_IN_COOKIE,
} from '@groupflow/core/contracts';
import { callApi, startTestApi, type TestApi } from './apiHarness.ts';

const BROWSER = 'gzip, deflate, br, zstd';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** node:http, so the test chooses Accept-Encoding and sees the coding that came. */
function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const raw = Buffer.concat(chunks);
        const coding = raw.length > 0 ? response.headers['content-encoding'] : undefined;
        const plain = coding === 'br' ? brotliDecompressSync(raw) : coding === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ status: response.statusCode!, headers: response.headers, text: plain.toString() });
      });
    })
      .on('error', reject)
      .end();
  });
}

/** A file of the build with its .br and .gz copies, as compression-webpack-plugin writes them. */
async function writeAsset(path: string, content: string) {
  await writeFile(path, content);
  await writeFile(`${path}.br`, brotliCompressSync(content));
  await writeFile(`${path}.gz`, gzipSync(content));
}

const manifest = (exposeChunk: string) =>
  JSON.stringify({
    name: 'remote',
    metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [{ name: 'App', assets: { js: { sync: [exposeChunk], async: [] } } }],
  });

/** First paints as a remote's build writes them (shell/build/prerender.mjs): markup and the styles it needs. */
const STAFF_LOGIN_FIRST_PAINT = {
  html: '<main class="staff-login"><h1>Staff Login</h1></main>',
  css: '.staff-login{gap:1rem}',
};
const TERMS_FIRST_PAINT = { html: '<main><h1>Terms of Service</h1></main>', css: '' };

/** A page's root holding a remote's first paint, inert, and the route it names; null for a page without one. */
const firstPaintOf = (html: string) =>
  new RegExp(`<div id="root" ${FIRST_PAINT_ATTRIBUTE}="([^"]+)" inert>(.*?)</div></body>`).exec(html);

let api: TestApi;
let webRoot: string;
let legalHost: Server;
let legalOrigin: string;

beforeAll(async () => {
  webRoot = await mkdtemp(join(tmpdir(), 'groupflow-delivery-'));
  for (const dir of ['shell/dist', 'mf-customer/dist', 'mf-staff/dist', 'mf-legal/dist'])
    await mkdir(join(webRoot, dir), { recursive: true });
  await writeAsset(
    join(webRoot, 'shell/dist/index.html'),
    '<!doctype html><html><head><script defer src="/main.0123456789.js"></script></head><body><div id="root"></div></body></html>',
  );
  await writeAsset(join(webRoot, 'shell/dist/main.0123456789.js'), `console.log(${'1+'.repeat(2000)}1);`);
  await writeFile(
    join(webRoot, 'shell/dist/chunk-groups.json'),
    JSON.stringify({ 'remote-area': { js: ['remote-area.0123456789.js'], css: [] } }),
  );
  await writeAsset(join(webRoot, 'mf-staff/dist/mf-manifest.json'), manifest('__federation_expose_App.1111111111.js'));
  await writeAsset(join(webRoot, 'mf-staff/dist/remoteEntry.js'), `var staff = "${'entry'.repeat(500)}";`);
  await writeFile(
    join(webRoot, 'mf-staff/dist/chunk-groups.json'),
    JSON.stringify({ 'staff-login': { js: ['staff-login.3333333333.js'], css: [] } }),
  );

  await writeFile(
    join(webRoot, 'mf-staff/dist', FIRST_PAINT_FILE),
    JSON.stringify({ '/staff-login': STAFF_LOGIN_FIRST_PAINT }),
  );

  legalHost = createServer((req, res) => {
    if (req.url === `/legal/${FIRST_PAINT_FILE}`) {
      return void res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ '/terms': TERMS_FIRST_PAINT }));
    }
    if (req.url !== '/legal/mf-manifest.json') return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(manifest('__federation_expose_App.2222222222.js'));
  });
  await new Promise<void>((resolve) => legalHost.listen(0, '127.0.0.1', resolve));
  const address = legalHost.address();
  legalOrigin = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;
  api = await startTestApi({ WEB_ROOT: webRoot, REMOTE_LEGAL_URL: `${legalOrigin}/legal/mf-manifest.json` });
});

afterAll(async () => {
  await api?.close();
  await new Promise<void>((resolve) => legalHost.close(() => resolve()));
  await rm(webRoot, { recursive: true, force: true });
});

const linksOf = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="(\w+)"[^>]*href="([^"]+)">/g)].map((m) => `${m[1]} ${m[2]}`);

describe('pages of remote routes (issue 28)', () => {
  it('carry the same remotes map as GET /api/remotes, and hints for the area from its manifest', async () => {
    const page = await get(`${api.url}/staff-login`, { 'Accept-Encoding': BROWSER });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    const inlined = new RegExp(`<script type="application/json" id="${INLINED_REMOTES_ID}">(.*?)</script>`).exec(
      page.text,
    );
    const remotes = await callApi(api.url, 'GET', '/api/remotes');
    expect(JSON.parse(inlined![1]!)).toEqual(remotes.body);
    expect(linksOf(page.text)).toEqual([
      'fetch /remotes/staff/mf-manifest.json',
      'script /remotes/staff/remoteEntry.js',
      'script /remotes/staff/__federation_expose_App.1111111111.js',
      'script /remotes/staff/staff-login.3333333333.js',
      'script /remote-area.0123456789.js',
    ]);
  });

  it('name a remote on another origin by its absolute address, which the CSP admits for scripts and fetches', async () => {
    const page = await get(`${api.url}/terms`, { 'Accept-Encoding': BROWSER });
    expect(linksOf(page.text).slice(0, 3)).toEqual([
      `fetch ${legalOrigin}/legal/mf-manifest.json`,
      `script ${legalOrigin}/legal/remoteEntry.js`,
      `script ${legalOrigin}/legal/__federation_expose_App.2222222222.js`,
    ]);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' ${legalOrigin}`);
    expect(csp).toContain(`connect-src 'self' ${legalOrigin}`);
  });

  it("send a visitor without a session cookie from a signed-in page straight to the spec's destination", async () => {
    for (const [path, destination] of [
      ['/servers', '/'],
      ['/settings', '/'],
      ['/verification', '/'],
      ['/dashboard', '/?demo=true'],
      ['/dashboard-safe', '/?demo=true'],
    ]) {
      const away = await get(`${api.url}${path}`, { 'Accept-Encoding': BROWSER });
      expect(away.status).toBe(302);
      expect(away.headers.location).toBe(destination);
      expect(away.headers['cache-control']).toBe('no-store');
    }
    // A cookie may hold a session: the page and its spec behaviour (the 401 and the redirect) take over.
    const withCookie = await get(`${api.url}/servers`, { Cookie: 'groupflow.sid=stale' });
    expect(withCookie.status).toBe(200);
    expect(withCookie.text).toContain(INLINED_REMOTES_ID);
    // The query is the page's: the dashboard's Demo Mode is asked for with demo=true.
    expect((await get(`${api.url}/dashboard?demo=true`)).status).toBe(200);
    // Pages that a signed-out visitor may see are not redirected.
    expect((await get(`${api.url}/verify`)).status).toBe(200);
  });

  it('send a staff-only page without the staff marker cookie to the staff sign-in; with it, the page and its hints', async () => {
    for (const path of ['/legal-affairs', '/staff-dashboard', '/manage-users', '/live-support-chat']) {
      const away = await get(`${api.url}${path}?ticket=4`, { 'Accept-Encoding': BROWSER });
      expect(away.status).toBe(302);
      expect(away.headers.location).toBe('/staff-login');
      expect(away.headers['cache-control']).toBe('no-store');
    }
    const signedIn = await get(`${api.url}/manage-users`, {
      'Accept-Encoding': BROWSER,
      Cookie: `${STAFF_SIGNED_IN_COOKIE}=1`,
    });
    expect(signedIn.status).toBe(200);
    expect(linksOf(signedIn.text)).toContain('script /remotes/staff/remoteEntry.js');
    expect(firstPaintOf(signedIn.text)).toBeNull();
  });

  it("carry the screen's signed-out first paint, inert, with its styles, for a visit without a session cookie", async () => {
    const page = await get(`${api.url}/staff-login`, { 'Accept-Encoding': BROWSER });
    const firstPaint = firstPaintOf(page.text);
    expect(firstPaint?.[1]).toBe('/staff-login');
    expect(firstPaint?.[2]).toBe(STAFF_LOGIN_FIRST_PAINT.html);
    expect(page.text).toContain(`<style>${STAFF_LOGIN_FIRST_PAINT.css}</style></head>`);
    expect(String(page.headers.vary)).toContain('Cookie');
    // From a remote on another origin too, read beside its manifest.
    expect(firstPaintOf((await get(`${api.url}/terms`, { 'Accept-Encoding': BROWSER })).text)?.[2]).toBe(
      TERMS_FIRST_PAINT.html,
    );
    // A visit that may be signed in, or asks for another view, gets the plain page: its screen draws what it is.
    const mayBeSignedIn: { path: string; headers: Record<string, string> }[] = [
      { path: '/staff-login', headers: { Cookie: 'groupflow.sid=maybe' } },
      { path: '/staff-login?reset=1', headers: {} },
    ];
    for (const { path, headers } of mayBeSignedIn) {
      const plain = await get(`${api.url}${path}`, { 'Accept-Encoding': BROWSER, ...headers });
      expect(plain.status).toBe(200);
      expect(firstPaintOf(plain.text)).toBeNull();
      expect(plain.text).toContain('<div id="root"></div>');
      expect(plain.text).not.toContain(STAFF_LOGIN_FIRST_PAINT.css);
    }
    // A route the remote has no first paint for goes out plain.
    expect(firstPaintOf((await get(`${api.url}/privacy`, { 'Accept-Encoding': BROWSER })).text)).toBeNull();
  });

  it('leave the landing page as built', async () => {
    const landing = await get(`${api.url}/`, { 'Accept-Encoding': BROWSER });
    expect(landing.text).not.toContain(INLINED_REMOTES_ID);
    expect(landing.text).not.toContain('rel="preload"');
  });

  it('are revalidated: no-cache, and 304 on If-None-Match while unchanged', async () => {
    const page = await get(`${api.url}/staff-login`, { 'Accept-Encoding': BROWSER });
    expect(page.headers['cache-control']).toBe('no-cache');
    const again = await get(`${api.url}/staff-login`, {
      'Accept-Encoding': BROWSER,
      'If-None-Match': page.headers.etag!,
    });
    expect(again.status).toBe(304);
  });
});

describe('files, caching and compression (issue 28)', () => {
  it('sends the build copies by Accept-Encoding: brotli, gzip, or the file itself; always varying by it', async () => {
    const url = `${api.url}/main.0123456789.js`;
    const codings = await Promise.all(
      [BROWSER, 'gzip', ''].map(async (accept) => {
        const answer = await get(url, accept ? { 'Accept-Encoding': accept } : {});
        expect(answer.text).toMatch(/^console\.log\(1\+1/);
        expect(String(answer.headers.vary)).toMatch(/Accept-Encoding/i);
        return answer.headers['content-encoding'];
      }),
    );
    expect(codings).toEqual(['br', 'gzip', undefined]);
  });

  it('caches hashed files as immutable and revalidates remoteEntry.js', async () => {
    const hashed = await get(`${api.url}/main.0123456789.js`, { 'Accept-Encoding': BROWSER });
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const entry = await get(`${api.url}/remotes/staff/remoteEntry.js`, { 'Accept-Encoding': BROWSER });
    expect(entry.headers['cache-control']).toBe('no-cache');
    const again = await get(`${api.url}/remotes/staff/remoteEntry.js`, {
      'Accept-Encoding': BROWSER,
      'If-None-Match': entry.headers.etag!,
    });
    expect(again.status).toBe(304);
  });

  it('answers GET /api/remotes with an ETag, and 304 when the client has it', async () => {
    const first = await get(`${api.url}/api/remotes`);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.etag).toBeDefined();
    const again = await get(`${api.url}/api/remotes`, { 'If-None-Match': first.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });

  it('compresses API JSON above COMPRESS_THRESHOLD_BYTES', async () => {
    const openApi = await get(`${api.url}/api/openapi.json`, { 'Accept-Encoding': BROWSER });
    expect(openApi.status).toBe(200);
    expect(openApi.headers['content-encoding']).toBe('br');
    expect(JSON.parse(openApi.text)).toHaveProperty('paths');
    const health = await get(`${api.url}/api/remotes`, { 'Accept-Encoding': BROWSER });
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses a support chat event stream, whose first event arrives at once', async () => {
    const created = await callApi(api.url, 'POST', '/api/support/create-public', undefined, {
      name: 'Vera',
      email: 'vera@example.test',
      subject: 'Bot offline',
      message: 'It stopped answering',
      priority: 'high',
    });
    expect(created.status).toBe(201);
    const ticket = created.body as { id: number; chatUrl: string };
    const key = new URLSearchParams(new URL(ticket.chatUrl).hash.slice(1)).get('key')!;
    const opened = await new Promise<{ headers: IncomingHttpHeaders; text: string }>((resolve, reject) => {
      const req = request(
        `${api.url}/api/support/chat/${ticket.id}/events`,
        { headers: { 'Accept-Encoding': BROWSER, 'X-Chat-Key': key } },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => {
            text += chunk.toString();
            if (text.includes('event: thread')) {
              resolve({ headers: response.headers, text });
              req.destroy();
            }
          });
        },
      );
      req.on('error', reject).end();
    });
    expect(opened.headers['content-type']).toContain('text/event-stream');
    expect(opened.headers['content-encoding']).toBeUndefined();
    expect(opened.text).toMatch(/event: thread\ndata: \{/);
  });
});
