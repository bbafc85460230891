import { afterAll, beforeAll } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { STAFF_SIGNED_IN_COOKIE } from '@groupflow/core/contracts';
import { freePort } from '@groupflow/adapters/net/freePort';
import { CHROMIUM_ARGS, chromiumPath } from '../test/chromium.ts';
import { HIGH_RATE_LIMITS } from '../test/highRateLimits.ts';

export { freePort };

export interface ServerProcess {
  url: string;
  dataDir: string;
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts `node services/src/main.ts` as the README does (or `mainApi.ts`, the API alone, when the bot runs elsewhere);
 * DATABASE_URL unset means the embedded database.
 */
export async function startServer(
  options: { dataDir?: string; env?: Record<string, string>; entry?: 'main.ts' | 'mainApi.ts' } = {},
): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'groupflow-e2e-')));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // OAuth callbacks go to PUBLIC_URL; it must be the address the browser uses, or the session cookie is lost.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // Browsers and benchmarks fire many calls from one loopback address; tests of the limits set their own.
    ...HIGH_RATE_LIMITS,
    ...options.env,
  };
  if (!options.env?.DATABASE_URL) delete env.DATABASE_URL;
  const entry = fileURLToPath(new URL(`../src/${options.entry ?? 'main.ts'}`, import.meta.url));
  const child = spawn(process.execPath, [entry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server: ServerProcess = {
    url,
    dataDir,
    child,
    output: () => log,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
  return server;
}

/** Waits until the server answers health, or fails with its output if it exits first. */
export async function waitUntilReady(server: ServerProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let done = false;
  void server.exited.then(() => (done = true));
  while (Date.now() < deadline) {
    if (done) throw new Error(`server exited during start-up:\n${server.output()}`);
    try {
      const response = await fetch(`${server.url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server not ready after ${timeoutMs} ms:\n${server.output()}`);
}

export async function removeDataDir(dataDir: string): Promise<void> {
  await rm(dataDir, { recursive: true, force: true });
}

/** `extraArgs` adds Chromium switches, e.g. fake capture devices for the screen recorder. */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, ...extraArgs] });
}

export interface ServerAndBrowser {
  readonly server: ServerProcess;
  readonly browser: Browser;
}

/**
 * One server (options as for startServer) and one Chromium for all tests of a file: started before the first,
 * stopped (data directory removed) after the last.
 */
export function useServerAndBrowser(
  options: Parameters<typeof startServer>[0] = {},
  browserArgs: string[] = [],
): ServerAndBrowser {
  const running = {} as { server: ServerProcess; browser: Browser };
  beforeAll(async () => {
    running.server = await startServer(options);
    await waitUntilReady(running.server);
    running.browser = await launchBrowser(browserArgs);
  });
  afterAll(async () => {
    await running.browser?.close();
    await running.server?.stop();
    if (running.server) await removeDataDir(running.server.dataDir);
  });
  return running;
}

/**
 * A page of its own browser context, signed in as a staff member through the real login call (the login screen
 * has its own tests): the token and user are put in local storage before any page script runs.
 */
export async function openAsStaff(e2e: ServerAndBrowser, email: string, password: string): Promise<Page> {
  const response = await fetch(`${e2e.server.url}/api/staff/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login of ${email} failed: ${response.status}`);
  const { token, user } = (await response.json()) as { token: string; user: unknown };
  const context = await e2e.browser.newContext({ acceptDownloads: true });
  await storeStaffSignIn(context, e2e.server.url, token, user);
  return context.newPage();
}

/**
 * What the staff login leaves in a browser, before any page script runs: the token and the user in local storage
 * (the kit's STAFF_TOKEN_KEY and STAFF_USER_KEY) and the marker cookie the server reads (STAFF_SIGNED_IN_COOKIE).
 */
export async function storeStaffSignIn(context: BrowserContext, url: string, token: string, user: unknown) {
  await context.addCookies([{ name: STAFF_SIGNED_IN_COOKIE, value: '1', url }]);
  await context.addInitScript(
    ([t, u]) => {
      localStorage.setItem('staffToken', t);
      localStorage.setItem('staffUser', u);
    },
    [token, JSON.stringify(user)] as const,
  );
}

/**
 * Chooses an option of a kit Select (Radix, not a native select): its list opens from the combobox the field's
 * label names, and is drawn apart from any dialog holding the field, so both are looked up on the whole page.
 */
export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
