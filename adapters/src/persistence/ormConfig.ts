import { defineConfig, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { fileURLToPath } from 'node:url';
import { entities } from './entities/index.ts';
import { DEFAULT_CONNECT_TIMEOUT_MS } from './databaseUnavailable.ts';
import { migrationsList } from './migrations/index.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/**
 * One configuration for the server, the tests and the migration generator. Migrations are listed in code
 * (not discovered on disk) so a running server applies exactly the migrations it was shipped with.
 */
export interface OrmOptions {
  /** DATABASE_CONNECT_TIMEOUT_MS: a call waiting longer for a new connection fails (503), so an outage fails fast. */
  connectTimeoutMs?: number;
}

export function ormConfig(clientUrl: string, log: (message: string) => void = () => undefined, options: OrmOptions = {}) {
  return defineConfig({
    driver: PostgreSqlDriver,
    clientUrl,
    entities,
    extensions: [Migrator],
    // A request must run inside its own RequestContext; touching the global manager is a bug.
    allowGlobalContext: false,
    logger: log,
    pool: { min: 0, max: 10 },
    driverOptions: { connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS },
    migrations: {
      tableName: 'mikro_orm_migrations',
      path: MIGRATIONS_DIR,
      migrationsList,
      emit: 'ts',
      snapshot: true,
      snapshotName: '.snapshot-groupflow',
      transactional: true,
      allOrNothing: false,
    },
  });
}
