import type { Clock } from '../../shared/clock.ts';
import type { ServerConfig } from '../serverConfigs.ts';
import {
  roleSettingsChanged,
  type ServerSyncJobs,
  type ServerSyncRun,
  type ServerSyncRuns,
} from '../serverSyncRuns.ts';

/**
 * Starts a guild's server-wide role sync, or makes the running one carry on with the new settings (issue 27): the
 * run is written first, so a job that starts at once finds it, and a job already running sees the new generation
 * at its next checkpoint.
 */
export class TriggerServerSync {
  readonly #runs: ServerSyncRuns;
  readonly #jobs: ServerSyncJobs;
  readonly #clock: Clock;

  constructor(deps: { runs: ServerSyncRuns; jobs: ServerSyncJobs; clock: Clock }) {
    this.#runs = deps.runs;
    this.#jobs = deps.jobs;
    this.#clock = deps.clock;
  }

  async execute(guildId: string): Promise<ServerSyncRun> {
    const run = await this.#runs.request(guildId, this.#clock.now());
    await this.#jobs.enqueue(guildId);
    return run;
  }
}

/**
 * What every save of a server's settings does next: a change to a role setting of a server that verifies starts a
 * server-wide sync, so members' roles follow the new settings without anyone asking.
 */
export async function syncIfRoleSettingsChanged(
  serverSync: Pick<TriggerServerSync, 'execute'>,
  guildId: string,
  before: ServerConfig,
  after: ServerConfig,
): Promise<void> {
  if (roleSettingsChanged(before, after) && after.verificationEnabled) await serverSync.execute(guildId);
}
