import type { CustomerRepository } from '../../customer/ports.ts';
import { requireCustomer } from '../../customer/requireCustomer.ts';
import type { Clock } from '../../shared/clock.ts';
import { syncProgress, type ServerSyncProgress, type ServerSyncRuns } from '../../discord/serverSyncRuns.ts';
import type { TriggerServerSync } from '../../discord/triggerServerSync/triggerServerSync.ts';
import type { CustomerDiscordGuilds } from '../customerDiscordGuilds.ts';

interface Deps {
  customers: CustomerRepository;
  guilds: CustomerDiscordGuilds;
  runs: ServerSyncRuns;
  trigger: Pick<TriggerServerSync, 'execute'>;
  clock: Clock;
}

/**
 * The server-wide role sync as the dashboard sees it (issue 27): GET, POST and DELETE
 * /api/discord/servers/{id}/sync, each only for a customer who manages the guild (as its configuration).
 */
export class ServerSync {
  readonly #deps: Deps;
  constructor(deps: Deps) {
    this.#deps = deps;
  }

  /** Reads may use a stale list of managed servers; starting and cancelling are writes and fail closed (issue 22). */
  async #managed(customerId: number | undefined, guildId: string, write = false): Promise<void> {
    const customer = await requireCustomer(this.#deps.customers, customerId);
    if (write) await this.#deps.guilds.requireManagedForWrite(customer.id, guildId);
    else await this.#deps.guilds.requireManaged(customer.id, guildId);
  }

  async progress(customerId: number | undefined, guildId: string): Promise<ServerSyncProgress> {
    await this.#managed(customerId, guildId);
    return syncProgress(await this.#deps.runs.get(guildId), this.#deps.clock.now());
  }

  /** Starts one, or makes the running one carry on with the current settings. */
  async start(customerId: number | undefined, guildId: string): Promise<ServerSyncProgress> {
    await this.#managed(customerId, guildId, true);
    return syncProgress(await this.#deps.trigger.execute(guildId), this.#deps.clock.now());
  }

  /** Stops the running one where it is; members already changed keep their new roles. */
  async cancel(customerId: number | undefined, guildId: string): Promise<ServerSyncProgress> {
    await this.#managed(customerId, guildId, true);
    const now = this.#deps.clock.now();
    const cancelled = await this.#deps.runs.cancel(guildId, now);
    return syncProgress(cancelled ?? (await this.#deps.runs.get(guildId)), now);
  }
}
