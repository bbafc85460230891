import type { Clock } from '../../shared/clock.ts';
import type { ServerSyncRuns } from '../serverSyncRuns.ts';

/**
 * Marks a server-wide sync failed once its job has given up, unless something newer has happened to the run since
 * (cancelled, started again, taken by another worker): the claim with this worker's token decides.
 */
export class FailServerSync {
  readonly #runs: ServerSyncRuns;
  readonly #clock: Clock;

  constructor(deps: { runs: ServerSyncRuns; clock: Clock }) {
    this.#runs = deps.runs;
    this.#clock = deps.clock;
  }

  async execute(request: { guildId: string; workerToken: string; error: string }): Promise<void> {
    const run = await this.#runs.claim(request.guildId, request.workerToken);
    if (run)
      await this.#runs.checkpoint(
        { ...run, state: 'failed', error: request.error, finishedAt: this.#clock.now() },
        request.workerToken,
      );
  }
}
