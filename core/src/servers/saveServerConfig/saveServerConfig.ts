import type { RoleProblemLog } from '../../discord/roleProblems.ts';
import {
  syncIfRoleSettingsChanged,
  type TriggerServerSync,
} from '../../discord/triggerServerSync/triggerServerSync.ts';
import { requireCustomer } from '../../customer/requireCustomer.ts';
import { viewServerConfig, type ServerConfigDeps, type ServerConfigView } from '../serverConfigView.ts';
import { resolveReferences, type ServerConfigChanges } from './resolveReferences.ts';

export type { ServerConfigChanges } from './resolveReferences.ts';

type SaveDeps = ServerConfigDeps & { problems: RoleProblemLog; serverSync: Pick<TriggerServerSync, 'execute'> };

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
    await syncIfRoleSettingsChanged(this.#deps.serverSync, guildId, stored, saved);
    return viewServerConfig(saved, guild);
  }
}
