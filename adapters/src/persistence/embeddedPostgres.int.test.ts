import { afterAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm, stat, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { PASSWORD_FILE, startEmbeddedPostgres } from './embeddedPostgres.ts';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

const canConnect = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
};

const withPassword = (url: string, password: string) => {
  const parsed = new URL(url);
  parsed.password = password;
  return parsed.toString();
};

describe('the embedded PostgreSQL password (issue 14 fix 11)', () => {
  it('is random, kept in a 0600 file in the data directory, and the well-known one is refused', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'groupflow-pgpw-'));
    dirs.push(dataDir);
    const first = await startEmbeddedPostgres(dataDir, () => undefined);
    const password = (await readFile(join(dataDir, PASSWORD_FILE), 'utf8')).trim();
    try {
      expect(password).toMatch(/^[0-9a-f]{48}$/);
      expect(((await stat(join(dataDir, PASSWORD_FILE))).mode & 0o777).toString(8)).toBe('600');
      expect(new URL(first.url).password).toBe(password);
      expect(await canConnect(first.url)).toBe(true);
      expect(await canConnect(withPassword(first.url, 'postgres'))).toBe(false);
    } finally {
      await first.stop();
    }

    // A data directory from before the password file: the cluster has the legacy password and no file.
    const again = await startEmbeddedPostgres(dataDir, () => undefined);
    try {
      expect(new URL(again.url).password).toBe(password);
      const client = new pg.Client({ connectionString: again.url });
      await client.connect();
      await client.query("alter user postgres with password 'postgres'");
      await client.end();
    } finally {
      await again.stop();
    }
    await unlink(join(dataDir, PASSWORD_FILE));

    const migrated = await startEmbeddedPostgres(dataDir, () => undefined);
    try {
      const replaced = (await readFile(join(dataDir, PASSWORD_FILE), 'utf8')).trim();
      expect(replaced).toMatch(/^[0-9a-f]{48}$/);
      expect(await canConnect(migrated.url)).toBe(true);
      expect(await canConnect(withPassword(migrated.url, 'postgres'))).toBe(false);
    } finally {
      await migrated.stop();
    }
  }, 180_000);
});
