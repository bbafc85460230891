import type { ChannelKind, GuildSnapshot } from '../../discord/botPorts.ts';
import type { GuildDirectory } from '../../discord/guildDirectory.ts';
import { isAssignable, isElevated, isEveryoneRole } from '../../discord/guildDirectory.ts';
import type { RoleProblemLog } from '../../discord/roleProblems.ts';
import type { ServerConfig, ServerConfigs } from '../../discord/serverConfigs.ts';
import { roleBlockReason } from '../../discord/planMemberSync/planMemberSync.ts';
import { roleSettingsChanged } from '../../discord/serverSyncRuns.ts';
import type { TriggerServerSync } from '../../discord/triggerServerSync/triggerServerSync.ts';
import type { CustomerRepository } from '../../customer/ports.ts';
import { requireCustomer } from '../../customer/requireCustomer.ts';
import type { CustomerDiscordGuilds } from '../customerDiscordGuilds.ts';
import { resolveReferences, type ServerConfigChanges } from './resolveReferences.ts';

export type { ServerConfigChanges } from './resolveReferences.ts';

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

/** The configuration with the server's roles (highest first, @everyone left out) and channels; empty before the bot reported them. */
export type ServerConfigView = ServerConfig & { roles: ServerRole[]; channels: ServerChannel[] };

function view(config: ServerConfig, guild: GuildSnapshot | null): ServerConfigView {
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
  return { ...config, roles, channels };
}

interface ConfigDeps {
  customers: CustomerRepository;
  guilds: CustomerDiscordGuilds;
  configs: ServerConfigs;
  /** The guild's roles and channels as the bot last recorded them. */
  directory: GuildDirectory;
}

/** GET /api/discord/servers/{id}/config: only for a customer who manages that guild. */
export class GetServerConfig {
  readonly #deps: ConfigDeps;
  constructor(deps: ConfigDeps) {
    this.#deps = deps;
  }

  async execute(customerId: number | undefined, guildId: string): Promise<ServerConfigView> {
    const customer = await requireCustomer(this.#deps.customers, customerId);
    await this.#deps.guilds.requireManaged(customer.id, guildId);
    const [config, guild] = await Promise.all([this.#deps.configs.get(guildId), this.#deps.directory.read(guildId)]);
    return view(config, guild);
  }
}

type SaveDeps = ConfigDeps & { problems: RoleProblemLog; serverSync: Pick<TriggerServerSync, 'execute'> };

/**
 * POST /api/discord/servers/{id}/config: the validated configuration, its role and channel names resolved to ids
 * against the guild's roles and channels, saved for a guild the customer manages; a change of what members' roles or
 * nicknames follow starts a server-wide sync (issue 27).
 */
export class SaveServerConfig {
  readonly #deps: SaveDeps;
  constructor(deps: SaveDeps) {
    this.#deps = deps;
  }

  async execute(
    customerId: number | undefined,
    guildId: string,
    changes: ServerConfigChanges,
  ): Promise<ServerConfigView> {
    const customer = await requireCustomer(this.#deps.customers, customerId);
    const managed = await this.#deps.guilds.requireManagedForWrite(customer.id, guildId);
    const [stored, guild] = await Promise.all([this.#deps.configs.get(guildId), this.#deps.directory.read(guildId)]);
    const { allowElevated: _confirmed, ...fields } = changes;
    const resolved = resolveReferences(changes, stored, guild);
    // Rank binds name rank numbers of one group: a new group without binds of its own starts with none.
    const regrouped =
      fields.boundGroupId !== undefined && fields.boundGroupId !== stored.boundGroupId && !fields.rankBinds;
    const saved = await this.#deps.configs.save(
      guildId,
      { ...fields, ...resolved, ...(regrouped ? { rankBinds: [] } : {}) },
      managed.name,
    );
    // Roles and channels were chosen anew: what the one-time conversion could not resolve is settled.
    await this.#deps.problems.clearNames(guildId);
    if (roleSettingsChanged(stored, saved) && saved.verificationEnabled) await this.#deps.serverSync.execute(guildId);
    return view(saved, guild);
  }
}
