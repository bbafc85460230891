import type { Logger } from 'pino';
import type { PgBossJobs } from './PgBossJobs.ts';

export interface GroupRoundSettings {
  /** How often the groups due a run get one queued. */
  intervalMs: number;
  retryLimit: number;
  retryDelaySeconds: number;
}

/** A job run per group: which groups are due one now, and the run itself. */
export interface GroupRound {
  queue: string;
  /** Ids of the groups due a run now (empty when none is). */
  due(): Promise<string[]>;
  run(groupId: string): Promise<unknown>;
}

export interface GroupRoundDeps {
  /** Runs database work in its own unit of work. */
  scoped<T>(work: () => Promise<T>): Promise<T>;
  logger: Logger;
}

/**
 * Per-group rounds on pg-boss: every interval one job per group that is due (a singletonKey per group, so several
 * API processes queue it once), run by any process's worker with pg-boss's retries and backoff.
 */
export class PgBossGroupRounds {
  readonly #jobs: PgBossJobs;
  readonly #settings: GroupRoundSettings;
  readonly #round: GroupRound;
  readonly #deps: GroupRoundDeps;
  #timer: NodeJS.Timeout | undefined;
  #worker: Promise<void> | undefined;

  constructor(jobs: PgBossJobs, settings: GroupRoundSettings, round: GroupRound, deps: GroupRoundDeps) {
    this.#jobs = jobs;
    this.#settings = settings;
    this.#round = round;
    this.#deps = deps;
  }

  /** The first round comes one interval after start, so a process that never reaches it never opens pg-boss. */
  start(): void {
    this.#timer = setInterval(
      () =>
        void this.tick().catch((error: unknown) =>
          this.#deps.logger.warn({ err: error, queue: this.#round.queue }, 'group round not queued'),
        ),
      this.#settings.intervalMs,
    );
    this.#timer.unref();
  }

  /** One round: the worker registered (once per process), then a run queued for every group that is due. */
  async tick(): Promise<number> {
    this.#worker ??= this.#startWorker();
    this.#worker.catch(() => (this.#worker = undefined));
    await this.#worker;
    return this.enqueueDue();
  }

  async #startWorker(): Promise<void> {
    const boss = await this.#jobs.queue(this.#round.queue, {
      policy: 'short',
      retryLimit: this.#settings.retryLimit,
      retryDelay: this.#settings.retryDelaySeconds,
      retryBackoff: true,
    });
    await boss.work<{ groupId: string }>(this.#round.queue, async ([job]) =>
      this.#deps.scoped(() => this.#round.run(job!.data.groupId)),
    );
  }

  /** Queues a run for every group due one; a run already queued for a group absorbs the new one. */
  async enqueueDue(): Promise<number> {
    const boss = await this.#jobs.boss();
    const groupIds = await this.#deps.scoped(() => this.#round.due());
    for (const groupId of groupIds) await boss.send(this.#round.queue, { groupId }, { singletonKey: groupId });
    return groupIds.length;
  }

  stop(): void {
    clearInterval(this.#timer);
  }
}
