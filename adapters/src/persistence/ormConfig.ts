import { defineConfig, PostgreSqlDriver } from '@mikro-orm/postgresql';
import pg from 'pg';
import { Migrator } from '@mikro-orm/migrations';
import { fileURLToPath } from 'node:url';
import { entities } from './entities/index.ts';
import {
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_POOL_ACQUIRE_TIMEOUT_MS,
  DEFAULT_POOL_MAX,
} from './databaseUnavailable.ts';
import { migrationsList } from './migrations/index.ts';
import { currentEntityManager } from './requestContext.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/**
 * One configuration for the server, the tests and the migration generator. Migrations are listed in code
 * (not discovered on disk) so a running server applies exactly the migrations it was shipped with.
 */
export interface OrmOptions {
  /** DATABASE_CONNECT_TIMEOUT_MS: a call waiting longer for a new connection fails (503), so an outage fails fast. */
  connectTimeoutMs?: number;
  /** DATABASE_POOL_MAX: connections this process keeps at most. */
  poolMax?: number;
  /** DATABASE_POOL_ACQUIRE_TIMEOUT_MS: how long a call queues for a busy pool's next free connection. */
  poolAcquireTimeoutMs?: number;
}

/**
 * pg-pool has a single `connectionTimeoutMillis` for both waiting in its queue and opening a connection. The pool
 * gets the (long) acquire timeout, so a burst queues; each new client gets the (short) connect timeout from this
 * subclass, so an unreachable database still fails fast.
 */
function clientWithConnectTimeout(connectTimeoutMs: number): typeof pg.Client {
  return class extends pg.Client {
    constructor(config: pg.ClientConfig) {
      // Copied with descriptors: pg-pool keeps the password non-enumerable, so a spread would drop it.
      const own = Object.defineProperties({}, Object.getOwnPropertyDescriptors(config)) as pg.ClientConfig;
      super(Object.assign(own, { connectionTimeoutMillis: connectTimeoutMs }));
    }
  };
}

export function ormConfig(
  clientUrl: string,
  log: (message: string) => void = () => undefined,
  options: OrmOptions = {},
) {
  return defineConfig({
    driver: PostgreSqlDriver,
    clientUrl,
    entities,
    extensions: [Migrator],
    // A request must run inside its own unit of work (requestContext.ts); touching the global manager is a bug.
    allowGlobalContext: false,
    context: currentEntityManager,
    logger: log,
    pool: { min: 0, max: options.poolMax ?? DEFAULT_POOL_MAX },
    driverOptions: {
      connectionTimeoutMillis: options.poolAcquireTimeoutMs ?? DEFAULT_POOL_ACQUIRE_TIMEOUT_MS,
      Client: clientWithConnectTimeout(options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS),
    },
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
