import type { CustomerRepository } from '../../customer/ports.ts';
import { requireCustomer } from '../../customer/requireCustomer.ts';
import type { Clock } from '../../shared/clock.ts';
import { TooManyAttempts } from '../../shared/errors.ts';
import { retryAfterSeconds, type RefundableRateLimiter } from '../../shared/rateLimiter.ts';
import {
  syncProgress,
  type ServerSyncJobs,
  type ServerSyncProgress,
  type ServerSyncRun,
  type ServerSyncRuns,
} from '../../discord/serverSyncRuns.ts';
import type { CustomerDiscordGuilds } from '../customerDiscordGuilds.ts';

interface Deps {
  customers: CustomerRepository;
  guilds: CustomerDiscordGuilds;
  runs: ServerSyncRuns;
  jobs: ServerSyncJobs;
  /** Runs begun per server (SERVER_SYNC_STARTS_PER_HOUR an hour); a start that begins none gives its point back. */
  starts: RefundableRateLimiter;
  clock: Clock;
}

/** A start's answer: the run it began, or the run already under way that it joined. */
export interface ServerSyncStart {
  started: boolean;
  progress: ServerSyncProgress;
}

/**
 * POST /api/discord/servers/{id}/sync: starts a server-wide role sync (issue 27); a write, so it fails closed on a
 * stale list of managed servers (issue 22). A start while a run is under way joins it (issue 33): the running
 * generation has the current settings already, since every change of them begins a new one (saveServerConfig,
 * bindGroup), so another pass would edit nobody and only spend the server's Discord rate limit. Runs begun are
 * limited per server and hour.
 */
export class StartServerSync {
  readonly #deps: Deps;
  constructor(deps: Deps) {
    this.#deps = deps;
  }

  async execute(customerId: number | undefined, guildId: string): Promise<ServerSyncStart> {
    const customer = await requireCustomer(this.#deps.customers, customerId);
    await this.#deps.guilds.requireManagedForWrite(customer.id, guildId);
    const { runs, starts } = this.#deps;
    const running = await runs.get(guildId);
    if (running?.state === 'running') return this.#answer(running, false);

    const decision = await starts.consume(guildId);
    const begun = decision.allowed ? await runs.start(guildId, this.#deps.clock.now()) : null;
    if (begun) {
      await this.#deps.jobs.enqueue(guildId);
      return this.#answer(begun, true);
    }
    // Only runs begun count: a start that lost the race to a concurrent one, or was refused, is not one.
    await starts.refund(guildId);
    const current = await runs.get(guildId);
    if (current?.state === 'running' || decision.allowed) return this.#answer(current, false);
    const seconds = retryAfterSeconds(decision);
    const minutes = Math.ceil(seconds / 60);
    throw new TooManyAttempts(
      'SERVERS.TOO_MANY_SYNC_STARTS',
      `This server's members were updated too often in the last hour. You can start another update in ${minutes === 1 ? 'a minute' : `${minutes} minutes`}.`,
      seconds,
    );
  }

  #answer(run: ServerSyncRun | null, started: boolean): ServerSyncStart {
    return { started, progress: syncProgress(run, this.#deps.clock.now()) };
  }
}
