import { open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

export interface DataDirLock {
  release(): Promise<void>;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Exclusive ownership of a data directory: a second server on the same directory stops with a clear
 * message instead of racing the first over one PostgreSQL cluster. A lock left by a dead process is taken over.
 */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  const path = join(dataDir, 'groupflow.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(path, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return { release: () => rm(path, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(await readFile(path, 'utf8').catch(() => ''), 10);
      if (Number.isInteger(owner) && owner !== process.pid && alive(owner)) {
        throw new Error(
          `Another GroupFlow server (pid ${owner}) is already using the data directory ${dataDir}. ` +
            'Stop it first, or set DATA_DIR or DATABASE_URL to run a second one.',
        );
      }
      await rm(path, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}.`);
}
