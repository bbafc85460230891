import type { CustomerRepository } from '../../customer/ports.ts';
import { requireCustomer } from '../../customer/requireCustomer.ts';
import type { Clock } from '../../shared/clock.ts';
import { syncProgress, type ServerSyncProgress } from '../../discord/serverSyncRuns.ts';
import type { TriggerServerSync } from '../../discord/triggerServerSync/triggerServerSync.ts';
import type { CustomerDiscordGuilds } from '../customerDiscordGuilds.ts';

interface Deps {
  customers: CustomerRepository;
  guilds: CustomerDiscordGuilds;
  trigger: Pick<TriggerServerSync, 'execute'>;
  clock: Clock;
}

/**
 * POST /api/discord/servers/{id}/sync: starts a server-wide role sync (issue 27), or makes the running one carry on
 * with the current settings; a write, so it fails closed on a stale list of managed servers (issue 22).
 */
export class StartServerSync {
  readonly #deps: Deps;
  constructor(deps: Deps) {
    this.#deps = deps;
  }

  async execute(customerId: number | undefined, guildId: string): Promise<ServerSyncProgress> {
    const customer = await requireCustomer(this.#deps.customers, customerId);
    await this.#deps.guilds.requireManagedForWrite(customer.id, guildId);
    return syncProgress(await this.#deps.trigger.execute(guildId), this.#deps.clock.now());
  }
}
