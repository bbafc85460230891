import {
  REST,
  Routes,
  type APIApplication,
  type APIApplicationCommand,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { commandDrift, slashCommands } from './commands.ts';

export interface DeploySettings {
  /** `{DISCORD_BASE_URL}/api`. */
  restApi: string;
  token: string;
  /** DISCORD_CLIENT_ID; when unset, asked of Discord with the bot token. */
  applicationId?: string | undefined;
}

const restFor = (settings: DeploySettings) => new REST({ api: settings.restApi }).setToken(settings.token);

async function applicationIdOf(rest: REST, known: string | undefined): Promise<string> {
  if (known) return known;
  return ((await rest.get(Routes.currentApplication())) as APIApplication).id;
}

/**
 * Discord's OpenAPI document takes `default_member_permissions` as an integer (the permission bits GroupFlow asks
 * for are far below 2^53); discord.js builds it as a string, which Discord also answers.
 */
function asDocumented(command: RESTPostAPIChatInputApplicationCommandsJSONBody) {
  const permissions = command.default_member_permissions;
  return permissions == null ? command : { ...command, default_member_permissions: Number(permissions) };
}

/**
 * `npm run bot:deploy-commands`: replaces the application's global commands with the registry's in one bulk
 * overwrite (Discord keeps the ids of commands whose name stays), and answers the names now registered.
 */
export async function deployCommands(settings: DeploySettings): Promise<{ applicationId: string; names: string[] }> {
  const rest = restFor(settings);
  const applicationId = await applicationIdOf(rest, settings.applicationId);
  const registered = (await rest.put(Routes.applicationCommands(applicationId), {
    body: slashCommands().map(asDocumented),
  })) as APIApplicationCommand[];
  return { applicationId, names: registered.map((command) => command.name) };
}

/** How the application's registered global commands differ from the registry (empty: they match). */
export async function registeredCommandDrift(rest: REST, applicationId: string): Promise<string[]> {
  return commandDrift((await rest.get(Routes.applicationCommands(applicationId))) as APIApplicationCommand[]);
}
