import type { CustomerRepository } from '../../customer/ports.ts';
import { requireCustomer } from '../../customer/requireCustomer.ts';
import type { Clock } from '../../shared/clock.ts';
import { syncProgress, type ServerSyncProgress, type ServerSyncRuns } from '../../discord/serverSyncRuns.ts';
import type { CustomerDiscordGuilds } from '../customerDiscordGuilds.ts';

interface Deps {
  customers: CustomerRepository;
  guilds: CustomerDiscordGuilds;
  runs: ServerSyncRuns;
  clock: Clock;
}

/**
 * DELETE /api/discord/servers/{id}/sync: stops the running server-wide sync where it is (members already changed keep
 * their new roles); a write, so it fails closed on a stale list of managed servers (issue 22).
 */
export class CancelServerSync {
  readonly #deps: Deps;
  constructor(deps: Deps) {
    this.#deps = deps;
  }

  async execute(customerId: number | undefined, guildId: string): Promise<ServerSyncProgress> {
    const customer = await requireCustomer(this.#deps.customers, customerId);
    await this.#deps.guilds.requireManagedForWrite(customer.id, guildId);
    const now = this.#deps.clock.now();
    const cancelled = await this.#deps.runs.cancel(guildId, now);
    // Cancelling what is no longer running answers it as it is.
    return syncProgress(cancelled ?? (await this.#deps.runs.get(guildId)), now);
  }
}
