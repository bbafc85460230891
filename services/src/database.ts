import type { Logger } from 'pino';
import { openDatabase, migrate, type Orm } from '@groupflow/adapters/persistence/database';
import { startEmbeddedPostgres } from '@groupflow/adapters/persistence/embeddedPostgres';
import type { Config } from './config.ts';

export interface Database {
  orm: Orm;
  close(): Promise<void>;
}

/** Thrown when a replica that does not migrate finds the database behind its code. */
export class DatabaseBehindCode extends Error {
  constructor(pending: string[]) {
    super(
      `The database is behind this release: ${pending.length} migration(s) not applied (${pending.join(', ')}). ` +
        'Run the release step first: npm run migrate',
    );
  }
}

/**
 * Opens DATABASE_URL, or the embedded PostgreSQL under the data directory. With `migrate` (the release step, or
 * config.migrateOnStart) it applies pending migrations; otherwise it refuses a database with any pending.
 */
export async function provisionDatabase(
  config: Config,
  logger: Logger,
  options: { migrate: boolean } = { migrate: config.migrateOnStart },
): Promise<Database> {
  const pgLog = logger.child({ component: 'embedded-postgres' });
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres(config.dataDir, (message) => pgLog.debug(message));
  const url = config.databaseUrl ?? embedded!.url;
  let orm: Orm | undefined;
  try {
    orm = await openDatabase(url, (message) => logger.debug({ component: 'mikro-orm' }, message), {
      connectTimeoutMs: config.databaseConnectTimeoutMs,
      poolMax: config.databasePool.max,
      poolAcquireTimeoutMs: config.databasePool.acquireTimeoutMs,
    });
    if (options.migrate) {
      const applied = await migrate(orm);
      logger.info({ applied, embedded: Boolean(embedded) }, 'database ready');
    } else {
      const pending = (await orm.migrator.getPending()).map((migration) => migration.name);
      if (pending.length > 0) throw new DatabaseBehindCode(pending);
      logger.info({ embedded: Boolean(embedded) }, 'database ready, migrations up to date');
    }
  } catch (error) {
    await orm?.close(true);
    await embedded?.stop();
    throw error;
  }
  const ready = orm;
  return {
    orm: ready,
    async close() {
      await ready.close(true);
      await embedded?.stop();
    },
  };
}
