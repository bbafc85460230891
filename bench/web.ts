/**
 * First page weight of the landing page: the built server is started, / is opened in headless Chromium with a
 * cold cache and a 4x CPU slowdown (Chrome DevTools Protocol Emulation.setCPUThrottlingRate), and once the page
 * has settled this prints the JavaScript it loaded per chunk (raw and gzipped), how many copies of React ran, and
 * the largest contentful paint — beside a bare React page (react + react-dom, minified) measured the same way in
 * the same run. Budgets (issue 10): at most 120 KB of gzipped JavaScript, React once, LCP at most 1.0 s.
 * Usage: npm run build && npm run bench:web [-- runs]   (median of `runs`, default 3)
 */
import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { freePort, launchBrowser, removeDataDir, startServer, waitUntilReady } from '../services/e2e/harness.ts';

const RUNS = Number(process.argv[2] ?? 3);
const CPU_SLOWDOWN = 4;
const BUDGET = { gzippedKb: 120, reactCopies: 1, lcpMs: 1000 };
/** Settled: the page's main content is shown and no script has arrived for this long. */
const SETTLE_MS = 1500;

interface Chunk {
  url: string;
  bytes: number;
  gzipped: number;
  react: boolean;
}

interface Measurement {
  chunks: Chunk[];
  /** Copies of the react package that ran (each defines React's compiler runtime export). */
  reactCopies: number;
  /** react-dom renderers that registered with the DevTools hook. */
  renderers: number;
  lcpMs: number;
}

/** Installed before any page script: counts React renderers and records the largest contentful paint. */
function instrument(): void {
  const w = window as unknown as Record<string, unknown>;
  let renderers = 0;
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject() {
      renderers += 1;
      return renderers;
    },
    onCommitFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  };
  w.__benchRenderers = () => renderers;
  w.__benchLcp = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__benchLcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

async function measure(browser: Browser, url: string, ready: string): Promise<Measurement> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.addInitScript(instrument);
  const bodies: Promise<Chunk | null>[] = [];
  let lastScriptAt = Date.now();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    lastScriptAt = Date.now();
    bodies.push(
      response.body().then(
        (body) => ({
          url: new URL(response.url()).pathname,
          bytes: body.length,
          gzipped: gzipSync(body).length,
          react: body.includes('__COMPILER_RUNTIME'),
        }),
        () => null,
      ),
    );
  });
  await page.goto(url);
  await page.locator(ready).first().waitFor({ timeout: 60_000 });
  while (Date.now() - lastScriptAt < SETTLE_MS) await page.waitForTimeout(250);
  const lcpMs = await page.evaluate(() => (window as unknown as { __benchLcp: number }).__benchLcp);
  const renderers = await page.evaluate(() =>
    (window as unknown as { __benchRenderers: () => number }).__benchRenderers(),
  );
  const chunks = (await Promise.all(bodies)).filter((chunk): chunk is Chunk => chunk !== null);
  await context.close();
  return { chunks, reactCopies: chunks.filter((chunk) => chunk.react).length, renderers, lcpMs };
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
  const script = bundle.outputFiles[0]!.contents;
  const html =
    '<!doctype html><html><head><meta charset="utf-8"><title>bare</title></head><body><div id="root"></div><script src="/bare.js"></script></body></html>';
  const port = await freePort();
  const server = createServer((req, res) => {
    const isScript = req.url === '/bare.js';
    res.writeHead(200, { 'Content-Type': isScript ? 'text/javascript' : 'text/html' });
    res.end(isScript ? script : html);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

/** The landing page's help form, far down the page: everything above it has rendered. */
const LANDING_READY = '#landing-help-title';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);

function summarize(runs: Measurement[]) {
  const gzipped = runs.map((run) => run.chunks.reduce((sum, chunk) => sum + chunk.gzipped, 0));
  const raw = runs.map((run) => run.chunks.reduce((sum, chunk) => sum + chunk.bytes, 0));
  return {
    gzipped: median(gzipped),
    raw: median(raw),
    lcpMs: median(runs.map((run) => run.lcpMs)),
    reactCopies: Math.max(...runs.map((run) => run.reactCopies)),
    renderers: Math.max(...runs.map((run) => run.renderers)),
  };
}

for (const dir of ['shell/dist/index.html', 'mf-customer/dist/mf-manifest.json']) {
  if (!existsSync(fileURLToPath(new URL(`../${dir}`, import.meta.url)))) {
    throw new Error(`${dir} is missing: run \`npm run build\` before \`npm run bench:web\`.`);
  }
}

const server = await startServer({ env: process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {} });
const bare = await startBareReactPage();
let browser: Browser | undefined;
try {
  await waitUntilReady(server);
  browser = await launchBrowser();
  // One unmeasured visit each, so the server and Chromium are warm; every measured visit has a cold cache.
  await measure(browser, `${server.url}/`, LANDING_READY);
  await measure(browser, bare.url, 'h1');
  const landing: Measurement[] = [];
  const baseline: Measurement[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    landing.push(await measure(browser, `${server.url}/`, LANDING_READY));
    baseline.push(await measure(browser, bare.url, 'h1'));
  }

  console.log(`\nLanding page /: JavaScript per chunk (last run; KB raw, KB gzipped)`);
  for (const chunk of landing.at(-1)!.chunks) {
    console.log(`${kb(chunk.bytes)} ${kb(chunk.gzipped)}  ${chunk.url}${chunk.react ? '  (react)' : ''}`);
  }
  const page = summarize(landing);
  const floor = summarize(baseline);
  const row = (name: string, s: ReturnType<typeof summarize>) =>
    `${name.padEnd(22)} ${kb(s.gzipped)} KB gz ${kb(s.raw)} KB raw   react ${s.reactCopies}, renderers ${s.renderers}   LCP ${s.lcpMs.toFixed(0).padStart(5)} ms`;
  console.log(`\nMedian of ${RUNS} cold visits, ${CPU_SLOWDOWN}x CPU slowdown, loopback`);
  console.log(row('landing page /', page));
  console.log(row('bare React page', floor));
  const verdict = (ok: boolean) => (ok ? 'within budget' : 'OVER BUDGET');
  console.log(
    `\nBudget: JS ${(page.gzipped / 1024).toFixed(1)}/${BUDGET.gzippedKb} KB gz ${verdict(page.gzipped / 1024 <= BUDGET.gzippedKb)}; ` +
      `React copies ${page.reactCopies}/${BUDGET.reactCopies} ${verdict(page.reactCopies <= BUDGET.reactCopies)}; ` +
      `LCP ${page.lcpMs.toFixed(0)}/${BUDGET.lcpMs} ms ${verdict(page.lcpMs <= BUDGET.lcpMs)}`,
  );
} finally {
  await browser?.close();
  bare.close();
  await server.stop();
  await removeDataDir(server.dataDir);
}
