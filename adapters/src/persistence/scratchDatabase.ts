import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Creates a uniquely named database on the server behind adminUrl, hands its URL over, and drops it after. */
export async function withScratchDatabase<T>(
  adminUrl: string,
  prefix: string,
  use: (url: string) => Promise<T>,
): Promise<T> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    try {
      return await use(url.toString());
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`);
    }
  } finally {
    await admin.end();
  }
}
