/**
 * Issue 28: how the server delivers the pages and their files. Compression by Accept-Encoding (the build's .br and
 * .gz copies for files, koa-compress for API answers above the threshold, never for event streams), cache headers
 * (immutable hashed files, revalidated manifests, entries and pages), 304 on If-None-Match, and the page of a
 * remote's route carrying the remotes map and preload hints read from the remote's manifest, on this server or on
 * another origin, re-read when the remote is redeployed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Router from '@koa/router';
import { createHash } from 'node:crypto';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { pino } from 'pino';
import {
  AREAS,
  FIRST_PAINT_FILE,
  INLINED_REMOTES_ID,
  STAFF_SIGNED_IN_COOKIE,
  type Area,
} from '@groupflow/core/contracts';
import type { Orm } from '../persistence/database.ts';
import { createHttpApp } from './createHttpApp.ts';
import { openEventStream } from './eventStream.ts';
import { FetchRemoteManifest, FileRemoteManifest, type RemoteManifestSource } from './remoteManifests.ts';
import type { StoredTicketEvent, TicketEventFeed } from '../events/PostgresTicketEvents.ts';

const ormStub = { em: { fork: () => ({}) } } as unknown as Orm;
const BROWSER = 'gzip, deflate, br, zstd';
const THRESHOLD = 2048;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** As sent, still compressed. */
  raw: Buffer;
  /** Decompressed by its Content-Encoding. */
  text: string;
}

/** node:http rather than fetch: fetch adds its own Accept-Encoding and hides the coding that came. */
function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request(`${base}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const raw = Buffer.concat(chunks);
        const coding = raw.length > 0 ? response.headers['content-encoding'] : undefined;
        const plain = coding === 'br' ? brotliDecompressSync(raw) : coding === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ status: response.statusCode!, headers: response.headers, raw, text: plain.toString() });
      });
    })
      .on('error', reject)
      .end();
  });
}

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
};

/** Writes a file and, as the production build does, its .br and .gz copies. */
async function writeAsset(path: string, content: string) {
  await writeFile(path, content);
  await writeFile(`${path}.br`, brotliCompressSync(content));
  await writeFile(`${path}.gz`, gzipSync(content));
}

const manifest = (exposeChunk: string) =>
  JSON.stringify({
    id: 'staff',
    name: 'staff',
    metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } },
    shared: [],
    remotes: [],
    exposes: [{ id: 'staff:App', name: 'App', assets: { js: { sync: [exposeChunk], async: ['9.0123456789.js'] } } }],
  });

const MAIN_JS = `console.log(${JSON.stringify('the shell '.repeat(500))});`;
const TEMPLATE =
  '<!doctype html><html><head><title>GroupFlow</title><script defer src="/main.0123456789.js"></script></head>' +
  '<body><div id="root"></div></body></html>';
/** The landing page's first paint as the shell's build draws it (shell/build/prerender.mjs), and the page with it. */
const LANDING_FIRST_PAINT = { html: '<h1>Hello</h1>', css: '' };
const LANDING = TEMPLATE.replace('<div id="root"></div>', '<div id="root" data-first-paint="/"><h1>Hello</h1></div>');

/** A fake event feed: one event arrives while the stream is open. */
function oneEventFeed(): TicketEventFeed {
  return {
    subscribe: () => () => {},
    latestId: async () => 7,
    replay: async () => [] as StoredTicketEvent[],
  };
}

let root: string;
let base: string;
let server: Server;
let remoteHost: Server;
let remoteOrigin: string;
let remoteManifest = manifest('__federation_expose_App.aaaaaaaaaa.js');
const manifestRequests: { ifNoneMatch: string | undefined; status: number }[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'delivery-'));
  const shellDir = join(root, 'shell');
  const staffDir = join(root, 'staff');
  await mkdir(shellDir);
  await mkdir(staffDir);
  await writeAsset(join(shellDir, 'index.html'), TEMPLATE);
  await writeFile(join(shellDir, FIRST_PAINT_FILE), JSON.stringify({ '/': LANDING_FIRST_PAINT }));
  await writeAsset(join(shellDir, 'main.0123456789.js'), MAIN_JS);
  await writeFile(join(shellDir, 'tiny.0123456789.png'), Buffer.from([137, 80, 78, 71]));
  await writeFile(
    join(shellDir, 'chunk-groups.json'),
    JSON.stringify({
      main: { js: ['main.0123456789.js'], css: [] },
      'remote-area': { js: ['remote-area.abcdef0123.js', '416.abcdef0123.js'], css: [] },
    }),
  );
  await writeAsset(join(staffDir, 'mf-manifest.json'), manifest('__federation_expose_App.0123456789.js'));
  await writeAsset(join(staffDir, 'remoteEntry.js'), `var staff = ${JSON.stringify('entry '.repeat(400))};`);
  await writeFile(
    join(staffDir, 'chunk-groups.json'),
    JSON.stringify({ 'staff-login': { js: ['staff-login.0123456789.js', '334.0123456789.js'], css: [] } }),
  );

  // The legal remote lives on another origin, as a CDN would serve it, answering If-None-Match with 304.
  remoteHost = createServer((req, res) => {
    if (req.url === '/legal/chunk-groups.json') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return res.end(JSON.stringify({ terms: { js: ['terms.0123456789.js'], css: [] } }));
    }
    if (req.url !== '/legal/mf-manifest.json') return res.writeHead(404).end();
    const etag = `"${createHash('sha256').update(remoteManifest).digest('hex')}"`;
    const status = req.headers['if-none-match'] === etag ? 304 : 200;
    manifestRequests.push({ ifNoneMatch: req.headers['if-none-match'], status });
    res.writeHead(status, { ETag: etag, 'Content-Type': 'application/json' });
    res.end(status === 200 ? remoteManifest : undefined);
  });
  remoteOrigin = await listen(remoteHost);

  const urls: Record<Area, string> = {
    customer: '/remotes/customer/mf-manifest.json',
    staff: '/remotes/staff/mf-manifest.json',
    legal: `${remoteOrigin}/legal/mf-manifest.json`,
  };
  const manifests: Record<Area, RemoteManifestSource> = {
    customer: new FileRemoteManifest(join(root, 'customer-not-built', 'mf-manifest.json')),
    staff: new FileRemoteManifest(join(staffDir, 'mf-manifest.json')),
    legal: new FetchRemoteManifest(urls.legal, 2000),
  };
  const router = new Router();
  router.get('/api/big', (ctx) => {
    ctx.body = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Ticket number ${i}` })) };
  });
  router.get('/api/small', (ctx) => {
    ctx.body = { ok: true };
  });
  router.get('/api/stream', (ctx) =>
    openEventStream(
      ctx,
      oneEventFeed(),
      () => null,
      { heartbeatMs: 60_000, retryMs: 1000 },
      {
        initial: async () => ({ type: 'state', data: { filler: 'x'.repeat(THRESHOLD * 2) } }),
      },
    ),
  );
  const app = createHttpApp({
    logger: pino({ level: 'silent' }),
    orm: ormStub,
    routers: [router],
    shellDir,
    mounts: [
      { prefix: '/', dir: shellDir },
      { prefix: '/remotes/staff/', dir: staffDir },
    ],
    proxy: false,
    bodyLimit: '1kb',
    compressThresholdBytes: THRESHOLD,
    pages: { refreshMs: 0, remotes: { urls, manifests, onError: () => {} } },
  });
  server = createServer(app.callback());
  base = await listen(server);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await new Promise<void>((resolve) => remoteHost.close(() => resolve()));
  await rm(root, { recursive: true, force: true });
});

const varyOf = (answer: Answer) => String(answer.headers.vary ?? '').toLowerCase();

describe('compression by Accept-Encoding', () => {
  it('sends a script as the build compressed it: brotli to a browser, gzip to a gzip-only client', async () => {
    const br = await get(base, '/main.0123456789.js', { 'Accept-Encoding': BROWSER });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.raw.length).toBeLessThan(MAIN_JS.length / 4);
    expect(br.text).toBe(MAIN_JS);
    expect(varyOf(br)).toContain('accept-encoding');

    const gzip = await get(base, '/main.0123456789.js', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(MAIN_JS);

    // The client's q-values come before the server's preference for brotli.
    const prefersGzip = await get(base, '/main.0123456789.js', { 'Accept-Encoding': 'br;q=0.5, gzip' });
    expect(prefersGzip.headers['content-encoding']).toBe('gzip');
  });

  it('sends the file as it is to a client that accepts no compression, still varying by Accept-Encoding', async () => {
    const refusals: Record<string, string>[] = [
      {},
      { 'Accept-Encoding': 'identity' },
      { 'Accept-Encoding': 'br;q=0, gzip;q=0' },
    ];
    for (const headers of refusals) {
      const plain = await get(base, '/main.0123456789.js', headers);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.raw.toString()).toBe(MAIN_JS);
      expect(varyOf(plain)).toContain('accept-encoding');
    }
  });

  it('leaves files that do not compress (images) alone', async () => {
    const image = await get(base, '/tiny.0123456789.png', { 'Accept-Encoding': BROWSER });
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('compresses API JSON above the threshold only', async () => {
    const big = await get(base, '/api/big', { 'Accept-Encoding': BROWSER });
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(big.text).items).toHaveLength(200);
    expect(varyOf(big)).toContain('accept-encoding');
    const gzip = await get(base, '/api/big', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect((await get(base, '/api/big')).headers['content-encoding']).toBeUndefined();
    const small = await get(base, '/api/small', { 'Accept-Encoding': BROWSER });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.text)).toEqual({ ok: true });
  });

  it('never compresses an event stream: its first event arrives at once, as plain text', async () => {
    const first = await new Promise<{ headers: IncomingHttpHeaders; text: string }>((resolve, reject) => {
      const req = request(`${base}/api/stream`, { headers: { 'Accept-Encoding': BROWSER } }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (text.includes('event: state')) {
            resolve({ headers: response.headers, text });
            req.destroy();
          }
        });
      });
      req.on('error', reject).end();
    });
    expect(first.headers['content-type']).toContain('text/event-stream');
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.text).toContain('id: 7\nevent: state\ndata: {"filler":"xxx');
  });
});

describe('caching', () => {
  it('caches hashed files for a year as immutable, and revalidates entries and manifests', async () => {
    const hashed = await get(base, '/main.0123456789.js', { 'Accept-Encoding': BROWSER });
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const path of ['/remotes/staff/remoteEntry.js', '/remotes/staff/mf-manifest.json']) {
      const stable = await get(base, path, { 'Accept-Encoding': BROWSER });
      expect(stable.headers['cache-control']).toBe('no-cache');
      expect(stable.headers.etag).toMatch(/^".+-br"$/);
      expect(stable.headers['content-encoding']).toBe('br');
    }
  });

  it('answers 304 without a body when If-None-Match names the current version, one ETag per coding', async () => {
    const path = '/remotes/staff/remoteEntry.js';
    const br = await get(base, path, { 'Accept-Encoding': BROWSER });
    const gzip = await get(base, path, { 'Accept-Encoding': 'gzip' });
    expect(br.headers.etag).not.toBe(gzip.headers.etag);
    const again = await get(base, path, { 'Accept-Encoding': BROWSER, 'If-None-Match': br.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
    // A gzip copy's ETag does not validate the brotli copy.
    const other = await get(base, path, { 'Accept-Encoding': BROWSER, 'If-None-Match': gzip.headers.etag! });
    expect(other.status).toBe(200);
    expect(other.text).toContain('var staff');
  });

  it('revalidates pages: no-cache, an ETag, and 304 while the page is unchanged', async () => {
    const page = await get(base, '/staff-login', { 'Accept-Encoding': BROWSER });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-encoding']).toBe('br');
    const again = await get(base, '/staff-login', { 'Accept-Encoding': BROWSER, 'If-None-Match': page.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
  });
});

/** The preload hints and the inlined map of a page. */
function hintsOf(html: string) {
  const links = [...html.matchAll(/<link rel="preload" ([^>]*)>/g)].map((m) => m[1]!);
  const map = new RegExp(`<script type="application/json" id="${INLINED_REMOTES_ID}">(.*?)</script>`).exec(html);
  return {
    fetches: links.filter((l) => l.includes('as="fetch"')).map((l) => /href="([^"]+)"/.exec(l)![1]),
    scripts: links.filter((l) => l.includes('as="script"')).map((l) => /href="([^"]+)"/.exec(l)![1]),
    links,
    map: map ? (JSON.parse(map[1]!) as Record<Area, string>) : undefined,
  };
}

describe('the page of a remote route', () => {
  it('carries the remotes map and preloads the manifest, remoteEntry, the App and screen chunks, the shell chunks', async () => {
    const { text, status } = await get(base, '/staff-login', { 'Accept-Encoding': BROWSER });
    expect(status).toBe(200);
    const hints = hintsOf(text);
    expect(Object.keys(hints.map!).sort()).toEqual([...AREAS].sort());
    expect(hints.map!.staff).toBe('/remotes/staff/mf-manifest.json');
    expect(hints.fetches).toEqual(['/remotes/staff/mf-manifest.json']);
    expect(hints.scripts).toEqual([
      '/main.0123456789.js',
      '/remotes/staff/remoteEntry.js',
      '/remotes/staff/__federation_expose_App.0123456789.js',
      '/remotes/staff/staff-login.0123456789.js',
      '/remotes/staff/334.0123456789.js',
      '/remote-area.abcdef0123.js',
      '/416.abcdef0123.js',
    ]);
    // Another route of the same area preloads its own screen's chunks, not the login's.
    // (A staff-only page, opened with the staff marker cookie: without it the visit is sent to the sign-in.)
    const staffCookie = { Cookie: `${STAFF_SIGNED_IN_COOKIE}=1` };
    const other = hintsOf((await get(base, '/manage-users/', { 'Accept-Encoding': BROWSER, ...staffCookie })).text);
    expect(other.scripts).not.toContain('/remotes/staff/staff-login.0123456789.js');
    expect(other.scripts).toContain('/remotes/staff/remoteEntry.js');
    // The runtime fetches the manifest in cors mode with same-origin credentials; scripts load without crossorigin.
    expect(hints.links.filter((l) => l.includes('as="fetch"'))).toEqual([
      expect.stringContaining('crossorigin="anonymous"'),
    ]);
    expect(hints.links.filter((l) => l.includes('as="script"') && l.includes('crossorigin'))).toEqual([]);
    // The entry, which runs first, ahead of the rest.
    expect(hints.links[0]).toBe('as="script" fetchpriority="high" href="/main.0123456789.js"');
    expect(hints.links.slice(1).every((l) => l.includes('fetchpriority="low"'))).toBe(true);
    // The hints sit in the head, after the shell's own script.
    expect(text.indexOf('<link rel="preload"')).toBeGreaterThan(text.indexOf('main.0123456789.js'));
    expect(text.indexOf('<link rel="preload"')).toBeLessThan(text.indexOf('</head>'));
  });

  it('names absolute addresses for a remote on another origin, read from its manifest there', async () => {
    const { text } = await get(base, '/terms', { 'Accept-Encoding': BROWSER });
    const hints = hintsOf(text);
    expect(hints.fetches).toEqual([`${remoteOrigin}/legal/mf-manifest.json`]);
    expect(hints.scripts.slice(1, 4)).toEqual([
      `${remoteOrigin}/legal/remoteEntry.js`,
      `${remoteOrigin}/legal/__federation_expose_App.aaaaaaaaaa.js`,
      `${remoteOrigin}/legal/terms.0123456789.js`,
    ]);
  });

  it('still carries the map when the manifest cannot be read, without remote hints', async () => {
    const { text, status } = await get(base, '/dashboard', { 'Accept-Encoding': BROWSER });
    expect(status).toBe(200);
    const hints = hintsOf(text);
    expect(hints.map!.customer).toBe('/remotes/customer/mf-manifest.json');
    expect(hints.fetches).toEqual([]);
    expect(hints.scripts).toEqual(['/main.0123456789.js', '/remote-area.abcdef0123.js', '/416.abcdef0123.js']);
  });

  it('sends the landing page with the first paint its build drew and the 404 page as built: no map, no hints', async () => {
    const landing = await get(base, '/', { 'Accept-Encoding': BROWSER });
    expect(landing.status).toBe(200);
    expect(landing.text).toBe(LANDING);
    const missing = await get(base, '/no-such-screen', { 'Accept-Encoding': BROWSER });
    expect(missing.status).toBe(404);
    expect(missing.text).toBe(TEMPLATE);
  });

  it('follows a redeployed remote: new chunk names in the hints, an unchanged manifest costs a 304', async () => {
    const before = manifestRequests.length;
    remoteManifest = manifest('__federation_expose_App.bbbbbbbbbb.js');
    const newChunk = `${remoteOrigin}/legal/__federation_expose_App.bbbbbbbbbb.js`;
    // Checks run in the background of a request (refreshMs 0 here): the next pages show the new release.
    await expect
      .poll(async () => hintsOf((await get(base, '/terms', { 'Accept-Encoding': BROWSER })).text).scripts)
      .toContain(newChunk);
    await get(base, '/terms');
    await expect.poll(() => manifestRequests.slice(before).some((r) => r.status === 304)).toBe(true);
    const revalidations = manifestRequests.slice(before).filter((r) => r.ifNoneMatch !== undefined);
    expect(revalidations.length).toBeGreaterThan(0);
  });
});
