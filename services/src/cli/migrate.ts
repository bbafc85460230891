/**
 * `npm run migrate`: the release step. Applies pending migrations to DATABASE_URL (or the embedded database) once,
 * before new replicas start; replicas themselves refuse to serve a database behind their code.
 */
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { provisionDatabase } from '../database.ts';

const config = loadConfig();
const logger = createLogger(config);
try {
  const database = await provisionDatabase(config, logger, { migrate: true });
  const applied = await database.orm.migrator.getExecuted();
  await database.close();
  console.log(`Database is up to date (${applied.length} migrations applied in all).`);
} catch (error) {
  logger.fatal({ err: error }, 'migration failed');
  console.error(`Migration failed: ${(error as Error).message}`);
  process.exit(1);
}
