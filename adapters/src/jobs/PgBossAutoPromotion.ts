import type { Logger } from 'pino';
import type { AutoPromote, ConnectedGroups } from '@groupflow/core';
import type { PgBossJobs } from './PgBossJobs.ts';

export const AUTO_PROMOTION_QUEUE = 'workspace-auto-promote';

export interface AutoPromotionJobSettings {
  /** How often every group with auto promotion on gets a run queued. */
  intervalMs: number;
  retryLimit: number;
  retryDelaySeconds: number;
}

export interface AutoPromotionDeps {
  autoPromote: AutoPromote;
  groups: Pick<ConnectedGroups, 'withAutoPromotion'>;
  /** Runs database work in its own unit of work. */
  scoped<T>(work: () => Promise<T>): Promise<T>;
  logger: Logger;
}

/**
 * Auto promotion on pg-boss: every interval one job per group with auto promotion on (a singletonKey per group, so
 * several API processes queue it once), run by any process's worker with pg-boss's retries and backoff.
 */
export class PgBossAutoPromotion {
  readonly #jobs: PgBossJobs;
  readonly #settings: AutoPromotionJobSettings;
  readonly #deps: AutoPromotionDeps;
  #timer: NodeJS.Timeout | undefined;
  #worker: Promise<void> | undefined;

  constructor(jobs: PgBossJobs, settings: AutoPromotionJobSettings, deps: AutoPromotionDeps) {
    this.#jobs = jobs;
    this.#settings = settings;
    this.#deps = deps;
  }

  /** The first round comes one interval after start, so a process that never reaches it never opens pg-boss. */
  start(): void {
    this.#timer = setInterval(
      () =>
        void this.tick().catch((error: unknown) => this.#deps.logger.warn({ err: error }, 'auto promotion not queued')),
      this.#settings.intervalMs,
    );
    this.#timer.unref();
  }

  /** One round: the worker registered (once per process), then a run queued for every group that has it on. */
  async tick(): Promise<number> {
    this.#worker ??= this.#startWorker();
    this.#worker.catch(() => (this.#worker = undefined));
    await this.#worker;
    return this.enqueueDue();
  }

  async #startWorker(): Promise<void> {
    const boss = await this.#jobs.queue(AUTO_PROMOTION_QUEUE, {
      policy: 'short',
      retryLimit: this.#settings.retryLimit,
      retryDelay: this.#settings.retryDelaySeconds,
      retryBackoff: true,
    });
    await boss.work<{ groupId: string }>(AUTO_PROMOTION_QUEUE, async ([job]) => {
      const { groupId } = job!.data;
      const outcome = await this.#deps.scoped(() => this.#deps.autoPromote.execute(groupId));
      if (outcome.promoted || outcome.failed) this.#deps.logger.info({ groupId, ...outcome }, 'auto promotion');
      return outcome;
    });
  }

  /** Queues a run for every group with auto promotion on; a run already queued for a group absorbs the new one. */
  async enqueueDue(): Promise<number> {
    const boss = await this.#jobs.boss();
    const groupIds = await this.#deps.scoped(() => this.#deps.groups.withAutoPromotion());
    for (const groupId of groupIds) await boss.send(AUTO_PROMOTION_QUEUE, { groupId }, { singletonKey: groupId });
    return groupIds.length;
  }

  stop(): void {
    clearInterval(this.#timer);
  }
}
