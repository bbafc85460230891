import type { Logger } from 'pino';
import type { Job, JobResult } from 'pg-boss';
import type { RoleSyncQueue, SyncMemberRoles, SyncUserEverywhere } from '@groupflow/core';
import type { PgBossJobs, QueueOptions } from './PgBossJobs.ts';

export interface RoleSyncJobSettings {
  retryLimit: number;
  retryDelaySeconds: number;
  retryDelayMaxSeconds: number;
  /** Syncs of one guild running at once. */
  perGuildConcurrency: number;
  /** Syncs one bot process runs at once. */
  workers: number;
  /** Jobs fetched per round trip; while rounds come back full the worker fetches again at once. */
  batchSize: number;
  /** BOT_SHARDS: jobs go to the queue of the shard that holds the guild. */
  shardCount: number;
}

type MemberJob = { guildId: string; discordUserId: string };
type UserJob = { discordUserId: string };

/**
 * One queue per shard: only the process running a guild's shard can act in it, and with one owner per guild the
 * per-guild bound is kept in that process's memory instead of costing a database round trip per job.
 */
export const roleSyncQueueName = (shardId: number) => `discord-role-sync-${shardId}`;
export const userSyncQueueName = (shardId: number) => `discord-user-sync-${shardId}`;

/** Discord's rule for which shard receives a guild's events. */
export function shardOf(guildId: string, shardCount: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(shardCount));
}

/** `short`: at most one queued job per singletonKey, so repeated requests for a member collapse into one, while a
 * sync already running can still be followed by a fresh one. */
function queueOptions(settings: RoleSyncJobSettings): QueueOptions {
  return {
    policy: 'short',
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: settings.retryDelayMaxSeconds,
    notify: true,
  };
}

/** RoleSyncQueue on pg-boss: the API and the bot enqueue, the bot's workers run the syncs. */
export class PgBossRoleSyncQueue implements RoleSyncQueue {
  readonly #jobs: PgBossJobs;
  readonly #settings: RoleSyncJobSettings;

  constructor(jobs: PgBossJobs, settings: RoleSyncJobSettings) {
    this.#jobs = jobs;
    this.#settings = settings;
  }

  #queue(name: string) {
    return this.#jobs.queue(name, queueOptions(this.#settings));
  }

  async enqueue(request: MemberJob): Promise<void> {
    const name = roleSyncQueueName(shardOf(request.guildId, this.#settings.shardCount));
    const boss = await this.#queue(name);
    await boss.send(
      name,
      { guildId: request.guildId, discordUserId: request.discordUserId },
      {
        singletonKey: `${request.guildId}:${request.discordUserId}`,
      },
    );
  }

  async enqueueForUser(discordUserId: string): Promise<void> {
    for (let shardId = 0; shardId < this.#settings.shardCount; shardId++) {
      const name = userSyncQueueName(shardId);
      const boss = await this.#queue(name);
      await boss.send(name, { discordUserId }, { singletonKey: discordUserId });
    }
  }
}

export interface RoleSyncWorkerDeps {
  sync: SyncMemberRoles;
  everywhere: SyncUserEverywhere;
  /** Runs database work in its own unit of work. */
  scoped<T>(work: () => Promise<T>): Promise<T>;
  logger: Logger;
}

/**
 * Runs a batch with at most `total` jobs at once and at most `perGroup` of one group; each job settles on its own,
 * so one failure is retried (with pg-boss's backoff) without the rest of the batch.
 */
export function runBounded<T>(
  jobs: Job<T>[],
  limits: { total: number; perGroup: number },
  groupOf: (job: Job<T>) => string,
  run: (job: Job<T>) => Promise<unknown>,
): Promise<JobResult[]> {
  const pending = [...jobs];
  const active = new Map<string, number>();
  const results: JobResult[] = [];
  let running = 0;
  return new Promise((resolve) => {
    const pump = () => {
      if (pending.length === 0 && running === 0) return resolve(results);
      for (let index = 0; index < pending.length && running < limits.total;) {
        const job = pending[index]!;
        const group = groupOf(job);
        if ((active.get(group) ?? 0) >= limits.perGroup) {
          index++;
          continue;
        }
        pending.splice(index, 1);
        active.set(group, (active.get(group) ?? 0) + 1);
        running++;
        run(job)
          .then(
            (output) => results.push({ id: job.id, status: 'completed', output }),
            (error: unknown) =>
              results.push({ id: job.id, status: 'failed', output: { message: (error as Error).message } }),
          )
          .finally(() => {
            active.set(group, active.get(group)! - 1);
            running--;
            pump();
          });
      }
    };
    pump();
  });
}

/**
 * The bot's side, for the shards this process runs: role syncs (bounded per guild and per process; failures
 * retried with backoff by pg-boss; Discord's 429s waited out inside discord.js) and a user's fan-out to guilds.
 */
export class PgBossRoleSyncWorker {
  readonly #jobs: PgBossJobs;
  readonly #settings: RoleSyncJobSettings;
  readonly #deps: RoleSyncWorkerDeps;

  constructor(jobs: PgBossJobs, settings: RoleSyncJobSettings, deps: RoleSyncWorkerDeps) {
    this.#jobs = jobs;
    this.#settings = settings;
    this.#deps = deps;
  }

  async start(shardIds: number[]): Promise<void> {
    const boss = await this.#jobs.boss();
    const polling = {
      pollingIntervalSeconds: this.#jobs.pollingIntervalSeconds,
      notifyPollingIntervalSeconds: this.#jobs.pollingIntervalSeconds,
      batchSize: this.#settings.batchSize,
      burstWhenBatchFull: true,
      perJobResults: true,
    } as const;
    const limits = { total: this.#settings.workers, perGroup: this.#settings.perGuildConcurrency };
    for (const shardId of shardIds) {
      await this.#jobs.queue(roleSyncQueueName(shardId), queueOptions(this.#settings));
      await this.#jobs.queue(userSyncQueueName(shardId), queueOptions(this.#settings));
      await boss.work<MemberJob>(roleSyncQueueName(shardId), polling, (jobs) =>
        runBounded(
          jobs,
          limits,
          (job) => job.data.guildId,
          async (job) => {
            const outcome = await this.#deps.scoped(() => this.#deps.sync.execute(job.data));
            if (outcome.kind === 'refused' || outcome.kind === 'member-unmanageable') {
              this.#deps.logger.warn(
                { guildId: job.data.guildId, userId: job.data.discordUserId, reason: outcome.reason },
                'role sync left out',
              );
            }
            return { kind: outcome.kind };
          },
        ),
      );
      await boss.work<UserJob>(userSyncQueueName(shardId), polling, (jobs) =>
        runBounded(
          jobs,
          limits,
          (job) => job.data.discordUserId,
          async (job) => ({
            queued: await this.#deps.scoped(() => this.#deps.everywhere.execute(job.data.discordUserId)),
          }),
        ),
      );
    }
  }
}
