/**
 * Issue 16: each remote is served from an origin of its own and released without rebuilding the shell or the other
 * remotes. The remotes' built folders are served by a separate static server on another port; the API learns their
 * addresses only from REMOTE_*_URL at run time. A "release" of the legal remote swaps its folder for a changed one
 * while the API keeps running: the next page load shows the new remote, the others are untouched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, launchBrowser, removeDataDir, startServer, waitUntilReady, type ServerProcess } from './harness.ts';
import type { Browser } from 'playwright-core';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.json': 'application/json', '.css': 'text/css' };

/** A static host like any CDN: one folder per remote, CORS for the shell's origin, manifests never cached. */
function staticHost(folders: Map<string, string>): Server {
  return createServer(async (request, response) => {
    const [, area, ...rest] = new URL(request.url!, 'http://x').pathname.split('/');
    const root = folders.get(area ?? '');
    const file = root && normalize(join(root, ...rest));
    response.setHeader('Access-Control-Allow-Origin', request.headers.origin ?? '*');
    response.setHeader('Cache-Control', 'no-cache');
    if (!root || !file?.startsWith(root)) return void response.writeHead(404).end();
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
}

/** Copies a remote's dist and changes one text in its chunks: a new release of that remote alone. */
async function releaseWithChangedText(area: string, from: string, to: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), `groupflow-${area}-release-`));
  await cp(join(REPO, `mf-${area}`, 'dist'), folder, { recursive: true });
  let changed = 0;
  for (const name of await readdir(folder, { recursive: true })) {
    if (!name.endsWith('.js')) continue;
    const path = join(folder, name);
    const source = await readFile(path, 'utf8');
    if (source.includes(from)) {
      await writeFile(path, source.replaceAll(from, to));
      changed++;
    }
  }
  if (changed === 0) throw new Error(`"${from}" is in no chunk of mf-${area}`);
  return folder;
}

describe('remotes served from their own origin', () => {
  const folders = new Map(['customer', 'staff', 'legal'].map((area) => [area, join(REPO, `mf-${area}`, 'dist')]));
  const host = staticHost(folders);
  let remotesOrigin: string;
  let server: ServerProcess;
  let browser: Browser;
  let release: string | undefined;

  beforeAll(async () => {
    const port = await freePort();
    await new Promise<void>((resolve) => host.listen(port, '127.0.0.1', resolve));
    // "localhost" rather than the API's 127.0.0.1: a different origin, as a CDN would be.
    remotesOrigin = `http://localhost:${port}`;
    server = await startServer({
      env: Object.fromEntries(
        [...folders.keys()].map((area) => [
          `REMOTE_${area.toUpperCase()}_URL`,
          `${remotesOrigin}/${area}/mf-manifest.json`,
        ]),
      ),
    });
    await waitUntilReady(server);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) await removeDataDir(server.dataDir);
    host.close();
    if (release) await rm(release, { recursive: true, force: true });
  });

  it('loads every area from the remotes origin and nothing from the API server', async () => {
    const page = await browser.newPage();
    const fromApi: string[] = [];
    const blocked: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`${server.url}/remotes/`)) fromApi.push(request.url());
    });
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    await page.goto(`${server.url}/privacy`);
    await page.getByText('Last updated: July 14, 2025').waitFor();
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { name: 'Need Help?' }).waitFor();
    await page.goto(`${server.url}/staff-login`);
    await page.getByLabel('Company Email').waitFor();
    expect(fromApi).toEqual([]);
    expect(blocked).toEqual([]);
    await page.close();
  });

  it('shows a new release of one remote on the next load, without restarting or rebuilding anything else', async () => {
    release = await releaseWithChangedText('legal', 'Last updated: July 14, 2025', 'Last updated: July 15, 2025');
    folders.set('legal', release);
    const page = await browser.newPage();
    await page.goto(`${server.url}/privacy`);
    await page.getByText('Last updated: July 15, 2025').waitFor();
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { name: 'Need Help?' }).waitFor();
    expect(server.child.exitCode).toBeNull();
    await page.close();
  });
});
