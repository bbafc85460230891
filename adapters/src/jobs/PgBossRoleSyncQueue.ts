import type { Logger } from 'pino';
import type { RoleSyncQueue, SyncMemberRoles, SyncUserEverywhere } from '@groupflow/core';
import type { PgBossJobs } from './PgBossJobs.ts';

export const ROLE_SYNC_QUEUE = 'discord-role-sync';
export const USER_SYNC_QUEUE = 'discord-user-sync';

export interface RoleSyncJobSettings {
  retryLimit: number;
  retryDelaySeconds: number;
  retryDelayMaxSeconds: number;
  /** Syncs of one guild running at once, across every bot process (pg-boss groupConcurrency). */
  perGuildConcurrency: number;
  /** Syncs this process runs at once. */
  workers: number;
}

type MemberJob = { guildId: string; discordUserId: string };
type UserJob = { discordUserId: string };

async function ensureQueues(jobs: PgBossJobs, settings: RoleSyncJobSettings) {
  const boss = await jobs.boss();
  for (const name of [ROLE_SYNC_QUEUE, USER_SYNC_QUEUE]) {
    if (await boss.getQueue(name)) continue;
    await boss
      .createQueue(name, {
        // `short`: at most one queued job per singletonKey, so repeated requests for a member collapse into one
        // while a sync already running can still be followed by a fresh one.
        policy: 'short',
        retryLimit: settings.retryLimit,
        retryDelay: settings.retryDelaySeconds,
        retryBackoff: true,
        retryDelayMax: settings.retryDelayMaxSeconds,
        notify: true,
      })
      .catch(async (error: unknown) => {
        // Another process created it between the check and the create.
        if (!(await boss.getQueue(name))) throw error;
      });
  }
  return boss;
}

/** RoleSyncQueue on pg-boss: the API and the bot enqueue, the bot's workers run the syncs. */
export class PgBossRoleSyncQueue implements RoleSyncQueue {
  readonly #jobs: PgBossJobs;
  readonly #settings: RoleSyncJobSettings;
  #ready: Promise<unknown> | undefined;

  constructor(jobs: PgBossJobs, settings: RoleSyncJobSettings) {
    this.#jobs = jobs;
    this.#settings = settings;
  }

  async #boss() {
    this.#ready ??= ensureQueues(this.#jobs, this.#settings);
    await this.#ready;
    return this.#jobs.boss();
  }

  async enqueue(request: MemberJob): Promise<void> {
    const boss = await this.#boss();
    await boss.send(ROLE_SYNC_QUEUE, { guildId: request.guildId, discordUserId: request.discordUserId }, {
      singletonKey: `${request.guildId}:${request.discordUserId}`,
      group: { id: request.guildId },
    });
  }

  async enqueueForUser(discordUserId: string): Promise<void> {
    const boss = await this.#boss();
    await boss.send(USER_SYNC_QUEUE, { discordUserId }, { singletonKey: discordUserId });
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
 * The bot's side: runs queued syncs (bounded per guild and per process; failures retried with backoff by
 * pg-boss, Discord's 429s waited out inside discord.js) and fans a user's request out to their guilds.
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

  async start(): Promise<void> {
    const boss = await ensureQueues(this.#jobs, this.#settings);
    const polling = { pollingIntervalSeconds: this.#jobs.pollingIntervalSeconds, batchSize: 1 };
    await boss.work<MemberJob>(
      ROLE_SYNC_QUEUE,
      { ...polling, localConcurrency: this.#settings.workers, groupConcurrency: this.#settings.perGuildConcurrency },
      async ([job]) => {
        const outcome = await this.#deps.scoped(() => this.#deps.sync.execute(job!.data));
        if (outcome.kind === 'refused' || outcome.kind === 'member-unmanageable') {
          this.#deps.logger.warn({ guildId: job!.data.guildId, userId: job!.data.discordUserId, reason: outcome.reason }, 'role sync left out');
        }
        return { kind: outcome.kind };
      },
    );
    await boss.work<UserJob>(USER_SYNC_QUEUE, polling, async ([job]) => {
      const guilds = await this.#deps.scoped(() => this.#deps.everywhere.execute(job!.data.discordUserId));
      return { guilds };
    });
  }
}
