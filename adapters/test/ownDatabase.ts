/**
 * A migrated database of a test file's own, on the server of the run's database: for tests that need the tables
 * empty (a port contract lists and counts whole tables) while other test files' rows stay in the shared one.
 */
import { inject } from 'vitest';
import { inRequestContext, migrate, openDatabase, type Orm } from '../src/persistence/database.ts';
import { openScratchDatabase } from '../src/persistence/scratchDatabase.ts';

export async function openOwnDatabase(): Promise<{
  orm: Orm;
  truncate: (...tables: string[]) => Promise<void>;
  drop: () => Promise<void>;
}> {
  const scratch = await openScratchDatabase(inject('databaseUrl'), 'groupflow_own');
  const orm = await openDatabase(scratch.url);
  await migrate(orm);
  return {
    orm,
    truncate: async (...tables) => {
      await orm.em.getConnection().execute(`truncate ${tables.join(', ')} restart identity cascade`);
    },
    drop: async () => {
      await orm.close(true);
      await scratch.drop();
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
