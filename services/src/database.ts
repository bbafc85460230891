import type { Logger } from 'pino';
import { openDatabase, migrate, type Orm } from '@groupflow/adapters/persistence/database';
import { startEmbeddedPostgres } from '@groupflow/adapters/persistence/embeddedPostgres';
import type { Config } from './config.ts';

export interface Database {
  orm: Orm;
  close(): Promise<void>;
}

/** Opens DATABASE_URL, or the embedded PostgreSQL under the data directory, and applies pending migrations. */
export async function provisionDatabase(config: Config, logger: Logger): Promise<Database> {
  const pgLog = logger.child({ component: 'embedded-postgres' });
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres(config.dataDir, (message) => pgLog.debug(message));
  const url = config.databaseUrl ?? embedded!.url;
  let orm: Orm | undefined;
  try {
    orm = await openDatabase(url, (message) => logger.debug({ component: 'mikro-orm' }, message));
    const applied = await migrate(orm);
    logger.info({ applied, embedded: Boolean(embedded) }, 'database ready');
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
