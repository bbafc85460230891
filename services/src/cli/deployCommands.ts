/**
 * `npm run bot:deploy-commands`: registers the command registry's slash commands with Discord (a release step, like
 * `npm run migrate`). Needs DISCORD_BOT_TOKEN; DISCORD_CLIENT_ID names the application, or it is asked of Discord.
 * The bot itself never registers them: at start it compares and warns when they differ.
 */
import { fileURLToPath } from 'node:url';
import { deployCommands } from '@groupflow/adapters/discord/deployCommands';
import { loadConfig, type Config } from '../config.ts';

export async function deploySlashCommands(config: Config): Promise<string> {
  const token = config.discord.botToken;
  if (!token) throw new Error('Set DISCORD_BOT_TOKEN to register the slash commands.');
  const { applicationId, names } = await deployCommands({
    restApi: `${config.discord.baseUrl}/api`,
    token,
    applicationId: config.discord.applicationId,
  });
  return `Registered ${names.length} slash commands for application ${applicationId}: ${names.map((name) => `/${name}`).join(', ')}.`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    console.log(await deploySlashCommands(loadConfig()));
  } catch (error) {
    console.error(`Could not register the slash commands: ${(error as Error).message}`);
    process.exit(1);
  }
}
