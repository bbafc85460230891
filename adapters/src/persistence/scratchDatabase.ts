import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  url: string;
  /** Drops the database, ending any session still open on it. */
  drop(): Promise<void>;
}

/**
 * Creates a uniquely named database on the server behind adminUrl and keeps the admin connection for dropping it,
 * for users whose lifetime spans more than one call (a test file's beforeAll and afterAll).
 */
export async function openScratchDatabase(adminUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } catch (error) {
    await admin.end();
    throw error;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      try {
        await admin.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await admin.end();
      }
    },
  };
}

/** Creates a uniquely named database on the server behind adminUrl, hands its URL over, and drops it after. */
export async function withScratchDatabase<T>(
  adminUrl: string,
  prefix: string,
  use: (url: string) => Promise<T>,
): Promise<T> {
  const scratch = await openScratchDatabase(adminUrl, prefix);
  try {
    return await use(scratch.url);
  } finally {
    await scratch.drop();
  }
}
