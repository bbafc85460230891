import { afterAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { removeDataDir, startServer, waitUntilReady, type ServerProcess } from './harness.ts';

const started: ServerProcess[] = [];
afterAll(async () => {
  for (const server of started) await server.stop('SIGKILL');
  const dirs = new Set(started.map((server) => server.dataDir));
  for (const dir of dirs) await removeDataDir(dir);
});

async function start(dataDir?: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const server = await startServer(dataDir ? { dataDir, env } : { env });
  started.push(server);
  return server;
}

describe('server lifecycle on the embedded database', () => {
  it('refuses a second server on the same data directory with a clear message', async () => {
    const first = await start();
    await waitUntilReady(first);
    const second = await start(first.dataDir);
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(second.output()).toMatch(/already using the data directory/);
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    await first.stop();
  });

  it('stops the embedded PostgreSQL cleanly on SIGTERM and keeps the data for the next start', async () => {
    const first = await start();
    await waitUntilReady(first);
    const postmasterPid = join(first.dataDir, 'postgres', 'postmaster.pid');
    expect(existsSync(postmasterPid)).toBe(true);

    expect(await first.stop('SIGTERM')).toBe(0);
    expect(existsSync(postmasterPid)).toBe(false);
    expect(existsSync(join(first.dataDir, 'groupflow.lock'))).toBe(false);

    const again = await start(first.dataDir, { LOG_LEVEL: 'info' });
    await waitUntilReady(again);
    // The cluster and its migrated schema survived: nothing was left to apply on the second start.
    expect(again.output()).toMatch(/"applied":\[\],"embedded":true/);
    const health = (await (await fetch(`${again.url}/api/health`)).json()) as { database: string };
    expect(health.database).toBe('connected');
    expect(await again.stop('SIGINT')).toBe(0);
    expect(existsSync(postmasterPid)).toBe(false);
  });
});
