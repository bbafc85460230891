import type { ChannelKind, GuildSnapshot } from '../discord/botPorts.ts';
import type { GuildDirectory } from '../discord/guildDirectory.ts';
import { isAssignable, isElevated, isEveryoneRole } from '../discord/guildDirectory.ts';
import type { ServerConfig, ServerConfigs } from '../discord/serverConfigs.ts';
import { roleBlockReason } from '../discord/planMemberSync/planMemberSync.ts';
import type { CustomerRepository } from '../customer/ports.ts';
import type { CustomerDiscordGuilds } from './customerDiscordGuilds.ts';

/** A role of the server as the bot sees it, for the Configure dialog's pickers. */
export interface ServerRole {
  id: string;
  name: string;
  position: number;
  colour: number;
  managed: boolean;
  /** Administrator, Manage Server, Manage Roles, Kick, Ban or Moderate Members: a rank bind to it needs confirming. */
  elevated: boolean;
  /** Below the bot's highest role (and neither an integration's nor @everyone): the bot can give it. */
  assignable: boolean;
  /** Why the bot cannot give or take it, and the fix; null when it can. */
  problem: string | null;
}

export interface ServerChannel {
  id: string;
  name: string;
  type: ChannelKind;
}

/**
 * The configuration with the server's roles (highest first, @everyone left out) and channels; empty before the bot
 * reported them. Binds and restrictions have routes of their own (issue 35), so the configuration leaves them out.
 */
export type ServerConfigView = Omit<ServerConfig, 'binds' | 'restrictions'> & {
  roles: ServerRole[];
  channels: ServerChannel[];
};

export function viewServerConfig(config: ServerConfig, guild: GuildSnapshot | null): ServerConfigView {
  const roles = (guild?.roles ?? [])
    .filter((role) => !isEveryoneRole(guild!, role))
    .sort((a, b) => b.position - a.position)
    .map((role) => ({
      id: role.id,
      name: role.name,
      position: role.position,
      colour: role.colour,
      managed: role.managed,
      elevated: isElevated(role),
      assignable: isAssignable(guild!, role),
      problem: roleBlockReason(guild!, role),
    }));
  const channels = (guild?.channels ?? []).map(({ id, name, type }) => ({ id, name, type }));
  const { binds: _binds, restrictions: _restrictions, ...settings } = config;
  return { ...settings, roles, channels };
}

export interface ServerConfigDeps {
  customers: CustomerRepository;
  guilds: CustomerDiscordGuilds;
  configs: ServerConfigs;
  /** The guild's roles and channels as the bot last recorded them. */
  directory: GuildDirectory;
}

/** What a use case reading or writing stored settings alone (no roles or channels) needs. */
export type StoredConfigDeps = Pick<ServerConfigDeps, 'customers' | 'guilds' | 'configs'>;
