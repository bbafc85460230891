import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { JobWithMetadata } from 'pg-boss';
import type { FailServerSync, PostVerifyPanel, RunServerSync, ServerSyncJobs, ServerSyncRuns } from '@groupflow/core';
import type { PgBossJobs, QueueOptions } from './PgBossJobs.ts';
import { shardOf } from './PgBossRoleSyncQueue.ts';

export interface ServerSyncJobSettings {
  /** BOT_SHARDS: a guild's job goes to the queue of the shard that holds it. */
  shardCount: number;
  /** Server-wide syncs one bot process works at once (each is bounded by its guild's rate limit, not by the process). */
  workers: number;
  /**
   * A worker proves it is alive this often (pg-boss heartbeats); a job silent for this long is failed and retried,
   * so another (or the restarted) bot process resumes the run from its checkpoint.
   */
  heartbeatSeconds: number;
  /** The longest one job may run before it is handed over (the run goes on from its checkpoint). */
  expireSeconds: number;
  retryLimit: number;
  retryDelaySeconds: number;
  retryDelayMaxSeconds: number;
}

type ServerSyncJob = { guildId: string };

export const serverSyncQueueName = (shardId: number) => `discord-server-sync-${shardId}`;

/** `stately` with the guild as singletonKey: at most one job of a guild running and one waiting, so two bot processes
 * never work the same guild and a trigger during a run leaves one job to follow it. */
function queueOptions(settings: ServerSyncJobSettings): QueueOptions {
  return {
    policy: 'stately',
    heartbeatSeconds: settings.heartbeatSeconds,
    expireInSeconds: settings.expireSeconds,
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: settings.retryDelayMaxSeconds,
    notify: true,
  };
}

/** ServerSyncJobs on pg-boss, one queue per shard (only the process holding a guild's shard can act in it). */
export class PgBossServerSyncQueue implements ServerSyncJobs {
  readonly #jobs: PgBossJobs;
  readonly #settings: ServerSyncJobSettings;

  constructor(jobs: PgBossJobs, settings: ServerSyncJobSettings) {
    this.#jobs = jobs;
    this.#settings = settings;
  }

  async enqueue(guildId: string): Promise<void> {
    const name = serverSyncQueueName(shardOf(guildId, this.#settings.shardCount));
    const boss = await this.#jobs.queue(name, queueOptions(this.#settings));
    await boss.send(name, { guildId } satisfies ServerSyncJob, { singletonKey: guildId });
  }
}

export interface ServerSyncWorkerDeps {
  run: RunServerSync;
  /** Marks the run failed once pg-boss has given up on its job. */
  fail: FailServerSync;
  /** A saved configuration starts a run: the verification channel's Verify message is (re)posted first. */
  verifyPanel: PostVerifyPanel;
  runs: ServerSyncRuns;
  queue: PgBossServerSyncQueue;
  logger: Logger;
}

/**
 * The bot's side: works the server-wide syncs of this process's shards. Each attempt claims the run under a token of
 * its own, so an attempt pg-boss has given up on (no heartbeat, timed out) can write nothing more; the last attempt
 * to fail marks the run failed.
 */
export class PgBossServerSyncWorker {
  readonly #jobs: PgBossJobs;
  readonly #settings: ServerSyncJobSettings;
  readonly #deps: ServerSyncWorkerDeps;

  constructor(jobs: PgBossJobs, settings: ServerSyncJobSettings, deps: ServerSyncWorkerDeps) {
    this.#jobs = jobs;
    this.#settings = settings;
    this.#deps = deps;
  }

  async start(shardIds: number[]): Promise<void> {
    const boss = await this.#jobs.boss();
    for (const shardId of shardIds) {
      const name = serverSyncQueueName(shardId);
      await this.#jobs.queue(name, queueOptions(this.#settings));
      await boss.work(
        name,
        {
          pollingIntervalSeconds: this.#jobs.pollingIntervalSeconds,
          notifyPollingIntervalSeconds: this.#jobs.pollingIntervalSeconds,
          batchSize: 1,
          localConcurrency: this.#settings.workers,
          includeMetadata: true,
        },
        async ([job]: JobWithMetadata<ServerSyncJob>[]) => {
          const guildId = job!.data.guildId;
          const workerToken = randomUUID();
          await this.#deps.verifyPanel
            .execute(guildId)
            .catch((error: unknown) => this.#deps.logger.warn({ guildId, err: error }, 'verify message not checked'));
          try {
            const run = await this.#deps.run.execute({ guildId, workerToken, stopped: () => job!.signal.aborted });
            if (run) this.#deps.logger.info({ ...run, workerToken: undefined }, 'server-wide role sync ended');
          } catch (error) {
            this.#deps.logger.warn(
              { guildId, err: error },
              'server-wide role sync stopped; it resumes from its checkpoint',
            );
            if (job!.retryCount >= job!.retryLimit) {
              await this.#deps.fail.execute({ guildId, workerToken, error: (error as Error).message });
            }
            throw error;
          }
        },
      );
    }
    // Runs left running with no job (their job gave out, or the enqueue after a trigger failed) are picked up here.
    for (const guildId of await this.#deps.runs.running()) {
      if (shardIds.includes(shardOf(guildId, this.#settings.shardCount))) await this.#deps.queue.enqueue(guildId);
    }
  }
}
