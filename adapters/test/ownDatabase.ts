/**
 * A migrated database of a test file's own, on the server of the run's database: for tests that need the tables
 * empty (a port contract lists and counts whole tables) while other test files' rows stay in the shared one.
 */
import { inject } from 'vitest';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inRequestContext, migrate, openDatabase, type Orm } from '../src/persistence/database.ts';

export async function openOwnDatabase(): Promise<{
  orm: Orm;
  truncate: (...tables: string[]) => Promise<void>;
  drop: () => Promise<void>;
}> {
  const url = new URL(inject('databaseUrl'));
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  const name = `groupflow_own_${randomBytes(5).toString('hex')}`;
  await admin.query(`create database "${name}"`);
  url.pathname = `/${name}`;
  const orm = await openDatabase(url.toString());
  await migrate(orm);
  return {
    orm,
    truncate: async (...tables) => {
      await orm.em.getConnection().execute(`truncate ${tables.join(', ')} restart identity cascade`);
    },
    drop: async () => {
      await orm.close(true);
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/** The port with each call in a unit of work of its own, as a request or a job calls it in production. */
export function callInUnitsOfWork<Port extends object>(orm: Orm, port: Port): Port {
  return new Proxy(port, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function'
        ? (...args: unknown[]) => inRequestContext(orm, () => value.apply(target, args))
        : value;
    },
  });
}
