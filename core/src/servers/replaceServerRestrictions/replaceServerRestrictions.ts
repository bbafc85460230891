import type { ServerRestrictions } from '../../discord/binds.ts';
import {
  syncIfRoleSettingsChanged,
  type TriggerServerSync,
} from '../../discord/triggerServerSync/triggerServerSync.ts';
import { requireCustomer } from '../../customer/requireCustomer.ts';
import type { StoredConfigDeps } from '../serverConfigView.ts';

type ReplaceDeps = StoredConfigDeps & {
  serverSync: Pick<TriggerServerSync, 'execute'>;
};

/**
 * PUT /api/discord/servers/{id}/restrictions (issue 35): account age, a required group and banned Roblox accounts,
 * each account listed once; a change starts a server-wide sync, so restricted members lose their bound roles.
 */
export class ReplaceServerRestrictions {
  readonly #deps: ReplaceDeps;
  constructor(deps: ReplaceDeps) {
    this.#deps = deps;
  }

  async execute(
    customerId: number | undefined,
    guildId: string,
    restrictions: ServerRestrictions,
  ): Promise<ServerRestrictions> {
    const customer = await requireCustomer(this.#deps.customers, customerId);
    const managed = await this.#deps.guilds.requireManagedForWrite(customer.id, guildId);
    const stored = await this.#deps.configs.get(guildId);
    const banned = new Map(restrictions.bannedRobloxIds.map((entry) => [entry.robloxId, entry]));
    const saved = await this.#deps.configs.save(
      guildId,
      { restrictions: { ...restrictions, bannedRobloxIds: [...banned.values()] } },
      managed.name,
    );
    await syncIfRoleSettingsChanged(this.#deps.serverSync, guildId, stored, saved);
    return saved.restrictions;
  }
}
