/**
 * Every route of the route table (spec 1 section 2.1, core/src/contracts/routes.ts) as a phone on a slow mobile
 * network receives it: the built server is started, each route is opened in headless Chromium with a cold cache
 * under Lighthouse's mobile "slow 4G" profile, applied through the Chrome DevTools Protocol (Network.
 * emulateNetworkConditions: 150 ms per request, 1.6 Mbit/s down, 750 kbit/s up; Emulation.setCPUThrottlingRate:
 * 4x CPU slowdown). Per route it prints the bytes on the wire (compressed bodies and headers, as the network counted
 * them), the requests, the JavaScript and CSS answers that came uncompressed, the largest contentful paint and, for a
 * page carrying a remote's first paint (its screen drawn signed out by the build), when the live screen replaced it;
 * then a second visit of the same route with the cache the first left (what a returning visitor downloads). A bare
 * React page (react + react-dom rendering one heading, brotli-compressed) is measured the same way in the same run.
 * Budgets (issues 28 and 37): the page answers clicks (the live column; the largest paint for a page with no first
 * paint to replace) within 2.5 s on every route and 1.5 s on the landing page; the landing page's JavaScript under
 * 100 KB gzipped; no uncompressed JS or CSS. The bench exits 1 when a budget is missed.
 * Usage: npm run build && npm run bench:web [-- runs [route,route…]]   (median of `runs` cold visits, default 3)
 */
import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import { createServer, get } from 'node:http';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync } from 'node:zlib';
import type { Browser, BrowserContext, CDPSession } from 'playwright-core';
import { AREA_ROUTES, FIRST_PAINT_ATTRIBUTE, isShellPath } from '@groupflow/core/contracts';
import { freePort, launchBrowser, removeDataDir, startServer, waitUntilReady } from '../services/e2e/harness.ts';

const RUNS = Number(process.argv[2] ?? 3);
/** Lighthouse's mobile slow-4G numbers (its throttling constants `mobileSlow4G`). */
const SLOW_4G = { latencyMs: 150, downloadKbps: 1.6 * 1024, uploadKbps: 750, cpuSlowdown: 4 };
const BUDGET_MS = { route: 2500, landing: 1500 };
/** Issue 37: every script the landing page loads (its idle-time chunks included), gzipped, in KiB. */
const LANDING_JS_BUDGET_KB = 100;
/** Settled: nothing has been in flight for this long (open event streams aside). */
const QUIET_MS = 1500;
/** A route that never settles (a poll every second) is measured this long after it was opened. */
const MAX_VISIT_MS = 30_000;

interface Visit {
  bytes: number;
  /** Requests that went to the network (the memory and disk caches answer the rest without one). */
  requests: number;
  /** JavaScript and CSS answers that came without a Content-Encoding, by path. */
  uncompressed: string[];
  lcpMs: number;
  liveMs: number;
  /** Every script the page loaded, by URL. */
  scripts: string[];
}

/**
 * Installed before any page script: records the largest contentful paint, and when a first paint that the shell
 * replaces (an inert root with FIRST_PAINT_ATTRIBUTE) gave way to the live screen, which answers clicks and keys.
 */
function recordPaints(firstPaintAttribute: string): void {
  const w = window as unknown as { __benchLcp: number; __benchLive: number };
  w.__benchLcp = 0;
  w.__benchLive = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__benchLcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  let replaceable = false;
  const takeOver = new MutationObserver(() => {
    const firstPaint = document.querySelector(`[${firstPaintAttribute}][inert]`);
    replaceable ||= firstPaint !== null;
    if (replaceable && !firstPaint) {
      w.__benchLive = performance.now();
      takeOver.disconnect();
    }
  });
  takeOver.observe(document, { childList: true, subtree: true, attributes: true });
}

const kbps = (kilobits: number) => (kilobits * 1024) / 8;

async function throttle(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_4G.latencyMs,
    downloadThroughput: kbps(SLOW_4G.downloadKbps),
    uploadThroughput: kbps(SLOW_4G.uploadKbps),
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_4G.cpuSlowdown });
}

/** Opens `url` in a page of `context` and waits until the page has settled. */
async function visit(context: BrowserContext, url: string): Promise<Visit> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await throttle(cdp);
  const inFlight = new Map<string, string>();
  let bytes = 0;
  let requests = 0;
  let lastActivity = Date.now();
  const uncompressed: string[] = [];
  const scripts = new Set<string>();
  cdp.on('Network.requestWillBeSent', ({ requestId, request, type }) => {
    if (request.url.startsWith('data:')) return;
    requests += 1;
    lastActivity = Date.now();
    // An event stream stays open for good: it counts as a request, never as unsettled work.
    if (type !== 'EventSource') inFlight.set(requestId, request.url);
  });
  cdp.on('Network.requestServedFromCache', () => {
    requests -= 1;
  });
  cdp.on('Network.responseReceived', ({ response, type }) => {
    if (response.fromDiskCache) requests -= 1;
    if (type === 'Script') scripts.add(response.url);
    if (type !== 'Script' && type !== 'Stylesheet') return;
    const encoding = Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'content-encoding');
    if (!encoding && response.status === 200) uncompressed.push(new URL(response.url).pathname);
  });
  const done = ({ requestId, encodedDataLength }: { requestId: string; encodedDataLength?: number }) => {
    bytes += encodedDataLength ?? 0;
    inFlight.delete(requestId);
    lastActivity = Date.now();
  };
  cdp.on('Network.loadingFinished', done);
  cdp.on('Network.loadingFailed', done);
  const opened = Date.now();
  await page.goto(url, { waitUntil: 'load', timeout: MAX_VISIT_MS });
  while (Date.now() - opened < MAX_VISIT_MS && (inFlight.size > 0 || Date.now() - lastActivity < QUIET_MS)) {
    await page.waitForTimeout(200);
  }
  const { lcpMs, liveMs } = await page.evaluate(() => {
    const w = window as unknown as { __benchLcp: number; __benchLive: number };
    return { lcpMs: w.__benchLcp, liveMs: w.__benchLive };
  });
  await page.close();
  return { bytes, requests, uncompressed, lcpMs, liveMs, scripts: [...scripts] };
}

/** A cold visit in a fresh context, then a second visit of the same URL with the cache the first left. */
async function coldThenWarm(browser: Browser, url: string): Promise<{ cold: Visit; warm: Visit }> {
  const context = await browser.newContext();
  await context.addInitScript(recordPaints, FIRST_PAINT_ATTRIBUTE);
  try {
    const cold = await visit(context, url);
    const warm = await visit(context, url);
    return { cold, warm };
  } finally {
    await context.close();
  }
}

/** A page with nothing but React rendering one heading: the floor any React page pays. */
async function startBareReactPage(): Promise<{ url: string; close: () => void }> {
  const bundle = await build({
    stdin: {
      contents: `import { createRoot } from 'react-dom/client';
        import { createElement } from 'react';
        createRoot(document.getElementById('root')).render(createElement('h1', null, 'GroupFlow: Roblox groups and Discord, together'));`,
      resolveDir: fileURLToPath(new URL('../shell', import.meta.url)),
      loader: 'js',
    },
    bundle: true,
    minify: true,
    write: false,
    format: 'iife',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const script = brotliCompressSync(bundle.outputFiles[0]!.contents);
  const html = brotliCompressSync(
    '<!doctype html><html><head><meta charset="utf-8"><title>bare</title><script defer src="/bare.js"></script></head><body><div id="root"></div></body></html>',
  );
  const port = await freePort();
  const server = createServer((req, res) => {
    const isScript = req.url === '/bare.js';
    res.writeHead(200, { 'Content-Type': isScript ? 'text/javascript' : 'text/html', 'Content-Encoding': 'br' });
    res.end(isScript ? script : html);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);

interface RouteFigures {
  route: string;
  coldBytes: number;
  requests: number;
  lcpMs: number;
  liveMs: number;
  warmBytes: number;
  warmRequests: number;
  uncompressed: string[];
  scripts: string[];
}

/** When the page answers clicks: the live screen replacing the first paint, or its largest paint without one. */
const readyMs = (f: RouteFigures) => f.liveMs || f.lcpMs;

/** The gzipped size of scripts as the server sends them to a client asking for gzip, in KiB. */
/** Each script's size as the server sends it to a gzip client, in KB. */
async function gzippedKb(urls: string[]): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  // node:http, not fetch: fetch hands back the body decompressed.
  for (const url of urls) {
    const bytes = await new Promise<number>((resolve, reject) => {
      get(url, { headers: { 'accept-encoding': 'gzip' } }, (answer) => {
        if (answer.headers['content-encoding'] !== 'gzip') reject(new Error(`${url} did not come gzipped`));
        let length = 0;
        answer.on('data', (chunk: Buffer) => (length += chunk.length));
        answer.on('end', () => resolve(length));
      }).on('error', reject);
    });
    sizes.set(new URL(url).pathname.split('/').at(-1)!, bytes / 1024);
  }
  return sizes;
}

function summarize(route: string, visits: { cold: Visit; warm: Visit }[]): RouteFigures {
  return {
    route,
    coldBytes: median(visits.map((v) => v.cold.bytes)),
    requests: median(visits.map((v) => v.cold.requests)),
    lcpMs: median(visits.map((v) => v.cold.lcpMs)),
    liveMs: median(visits.map((v) => v.cold.liveMs)),
    warmBytes: median(visits.map((v) => v.warm.bytes)),
    warmRequests: median(visits.map((v) => v.warm.requests)),
    uncompressed: [...new Set(visits.flatMap((v) => [...v.cold.uncompressed, ...v.warm.uncompressed]))],
    scripts: [...new Set(visits.flatMap((v) => v.cold.scripts))],
  };
}

for (const dir of ['shell/dist/index.html', 'mf-customer/dist/mf-manifest.json']) {
  if (!existsSync(fileURLToPath(new URL(`../${dir}`, import.meta.url)))) {
    throw new Error(`${dir} is missing: run \`npm run build\` before \`npm run bench:web\`.`);
  }
}

const ROUTES = process.argv[3]?.split(',') ?? [...new Set(Object.values(AREA_ROUTES).flat())];

const server = await startServer({ env: process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {} });
const bare = await startBareReactPage();
let browser: Browser | undefined;
try {
  await waitUntilReady(server);
  browser = await launchBrowser();
  // One unmeasured visit each, so the server and Chromium are warm; every measured first visit has a cold cache.
  await coldThenWarm(browser, `${server.url}/`);
  await coldThenWarm(browser, bare.url);
  const load = [loadavg()[0]!];
  const figures: RouteFigures[] = [];
  const baseline: { cold: Visit; warm: Visit }[] = [];
  const budget = (route: string) => (isShellPath(route) ? BUDGET_MS.landing : BUDGET_MS.route);
  const row = (f: RouteFigures, limit: number | undefined) =>
    `${f.route.padEnd(28)} ${kb(f.coldBytes)} ${String(f.requests).padStart(9)} ${f.lcpMs.toFixed(0).padStart(8)}  ` +
    `${limit === undefined ? '      ' : readyMs(f) <= limit ? 'ok    ' : 'OVER  '} ${(f.liveMs ? f.liveMs.toFixed(0) : '-').padStart(7)}` +
    `  ${kb(f.warmBytes)} (${f.warmRequests})`;
  console.log(
    `\nMedian of ${RUNS} cold visits per route; slow 4G (${SLOW_4G.latencyMs} ms, ${SLOW_4G.downloadKbps / 1024} Mbit/s ` +
      `down, ${SLOW_4G.uploadKbps} kbit/s up), ${SLOW_4G.cpuSlowdown}x CPU slowdown, loopback`,
  );
  console.log(
    `${'route'.padEnd(28)}    KB wire  requests   LCP ms  budget  live ms   repeat visit KB (network requests)`,
  );
  // Each row as soon as it is measured: a run of every route takes a while on a shared machine.
  for (const route of ROUTES) {
    const visits = [];
    for (let run = 0; run < RUNS; run += 1) visits.push(await coldThenWarm(browser, `${server.url}${route}`));
    figures.push(summarize(route, visits));
    console.log(row(figures.at(-1)!, budget(route)));
    baseline.push(await coldThenWarm(browser, bare.url));
    load.push(loadavg()[0]!);
  }
  console.log(row(summarize('bare React page', baseline), undefined) + '   (median of one visit after each route)');
  const over = figures.filter((f) => readyMs(f) > budget(f.route));
  const uncompressed = [...new Set(figures.flatMap((f) => f.uncompressed))];
  console.log(
    `\nLive budget (${BUDGET_MS.route} ms, landing page ${BUDGET_MS.landing} ms; the largest paint where no first paint is replaced): ` +
      (over.length === 0 ? `met on all ${figures.length} routes` : `OVER on ${over.map((f) => f.route).join(', ')}`),
  );
  const landing = figures.find((f) => f.route === '/');
  const landingScripts = landing ? await gzippedKb(landing.scripts) : undefined;
  const landingJsKb = landingScripts ? [...landingScripts.values()].reduce((sum, size) => sum + size, 0) : undefined;
  if (landingJsKb !== undefined) {
    const each = [...landingScripts!].map(([name, size]) => `${name} ${size.toFixed(1)}`).join(', ');
    console.log(
      `Landing page JavaScript: ${landingJsKb.toFixed(1)} KB gzipped in ${landingScripts!.size} scripts (${each}) ` +
        `(${landingJsKb < LANDING_JS_BUDGET_KB ? 'ok' : 'OVER'}, under ${LANDING_JS_BUDGET_KB} KB allowed)`,
    );
  }
  console.log(`Uncompressed JavaScript/CSS answers: ${uncompressed.length === 0 ? 'none' : uncompressed.join(', ')}`);
  console.log(
    `Load average (1 min) during the run: ${Math.min(...load).toFixed(2)}–${Math.max(...load).toFixed(2)} ` +
      `(${load.length} samples, 2 cores)`,
  );
  if (over.length > 0 || uncompressed.length > 0 || (landingJsKb ?? 0) >= LANDING_JS_BUDGET_KB) process.exitCode = 1;
} finally {
  await browser?.close();
  bare.close();
  await server.stop();
  await removeDataDir(server.dataDir);
}
