import { Container } from 'inversify';
import type { Logger } from 'pino';
import { systemClock } from '@groupflow/core';
import type { Orm } from '@groupflow/adapters/persistence/database';
import type { Config } from './config.ts';
import { botModule } from './containers/botModule.ts';
import { discordStateModule } from './containers/discordStateModule.ts';
import { jobsModule } from './containers/jobsModule.ts';
import { robloxPortsModule } from './containers/robloxPortsModule.ts';
import { resolve, TOKENS } from './containers/tokens.ts';

/** Composition root of the bot: Discord through discord.js, state and jobs in PostgreSQL, Roblox through its ports. */
export function buildBotContainer(config: Config, logger: Logger, orm: Orm): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.bind(TOKENS.Config).toConstantValue(config);
  container.bind(TOKENS.Logger).toConstantValue(logger.child({ component: 'bot' }));
  container.bind(TOKENS.Orm).toConstantValue(orm);
  container.bind(TOKENS.Clock).toConstantValue(systemClock);
  container.load(discordStateModule, robloxPortsModule, jobsModule, botModule);
  return container;
}

export interface RunningBot {
  close(): Promise<void>;
}

/**
 * Starts the bot when DISCORD_BOT_TOKEN is set (without it nothing connects, and the API reports "Bot Token
 * Missing"): logs in, checks the registered slash commands, then starts the role sync and server-wide sync workers.
 */
export async function startBot(config: Config, logger: Logger, orm: Orm): Promise<RunningBot | undefined> {
  const token = config.discord.botToken;
  if (!token) {
    logger.warn('DISCORD_BOT_TOKEN is not set: the bot does not start');
    return undefined;
  }
  const container = buildBotContainer(config, logger, orm);
  const bot = resolve(container, TOKENS.DiscordJsBot);
  const jobs = resolve(container, TOKENS.PgBossJobs);
  const locks = resolve(container, TOKENS.MemberSyncLocks);
  try {
    await bot.start(token);
    await resolve(container, TOKENS.RoleSyncWorker).start(config.bot.shards.ids);
    await resolve(container, TOKENS.ServerSyncWorker).start(config.bot.shards.ids);
    await resolve(container, TOKENS.SessionPostWorker).start();
  } catch (error) {
    await jobs.stop();
    await bot.stop().catch(() => {});
    await locks.close();
    throw error;
  }
  return {
    async close() {
      await jobs.stop();
      await bot.stop();
      await locks.close();
    },
  };
}
