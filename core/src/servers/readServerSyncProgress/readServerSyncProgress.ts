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
 * GET /api/discord/servers/{id}/sync: the server-wide role sync's progress (issue 27), for a customer who manages
 * the guild; a read, so it may use a stale list of managed servers (issue 22).
 */
export class ReadServerSyncProgress {
  readonly #deps: Deps;
  constructor(deps: Deps) {
    this.#deps = deps;
  }

  async execute(customerId: number | undefined, guildId: string): Promise<ServerSyncProgress> {
    const customer = await requireCustomer(this.#deps.customers, customerId);
    await this.#deps.guilds.requireManaged(customer.id, guildId);
    return syncProgress(await this.#deps.runs.get(guildId), this.#deps.clock.now());
  }
}
