import type { Logger } from 'pino';
import type {
  PostSessionSchedule,
  RemindSession,
  SessionPostJob,
  SessionPostQueue,
  SessionReminderJob,
  SessionReminderQueue,
} from '@groupflow/core';
import type { PgBossJobs, QueueOptions } from './PgBossJobs.ts';

/** Worked by the bot: posts in the bound servers' sessions channels. */
export const SESSION_POST_QUEUE = 'session-posts';
/** Worked by the API: the reminder's notifications, then its post queued for the bot. */
export const SESSION_REMINDER_QUEUE = 'session-reminders';

export interface SessionNoticeJobSettings {
  retryLimit: number;
  retryDelaySeconds: number;
}

/** `short`: one queued reminder per session and start, however often a change asks for it. */
const options = (settings: SessionNoticeJobSettings): QueueOptions => ({
  policy: 'short',
  retryLimit: settings.retryLimit,
  retryDelay: settings.retryDelaySeconds,
  retryBackoff: true,
  notify: true,
});

/** The queues on pg-boss: the API queues both; a reminder waits in PostgreSQL until its time (`startAfter`). */
export class PgBossSessionNoticeQueues implements SessionPostQueue, SessionReminderQueue {
  readonly #jobs: PgBossJobs;
  readonly #settings: SessionNoticeJobSettings;

  constructor(jobs: PgBossJobs, settings: SessionNoticeJobSettings) {
    this.#jobs = jobs;
    this.#settings = settings;
  }

  async post(job: SessionPostJob): Promise<void> {
    const boss = await this.#jobs.queue(SESSION_POST_QUEUE, options(this.#settings));
    await boss.send(SESSION_POST_QUEUE, job);
  }

  async remindAt(job: SessionReminderJob, at: Date): Promise<void> {
    const boss = await this.#jobs.queue(SESSION_REMINDER_QUEUE, options(this.#settings));
    await boss.send(SESSION_REMINDER_QUEUE, job, {
      startAfter: at,
      singletonKey: `${job.groupId}:${job.sessionId}:${job.startsAt}`,
    });
  }
}

/** A reminder coming due sends no NOTIFY, so the listening worker must still poll at the configured pace. */
const polling = (jobs: PgBossJobs) => ({
  pollingIntervalSeconds: jobs.pollingIntervalSeconds,
  notifyPollingIntervalSeconds: jobs.pollingIntervalSeconds,
});

interface WorkerDeps {
  /** Runs database work in its own unit of work. */
  scoped<T>(work: () => Promise<T>): Promise<T>;
  logger: Logger;
}

/** The bot's worker for session posts (any bot process: a post is a REST call, not a gateway event). */
export class PgBossSessionPostWorker {
  readonly #jobs: PgBossJobs;
  readonly #settings: SessionNoticeJobSettings;
  readonly #deps: WorkerDeps & { postSchedule: PostSessionSchedule };

  constructor(
    jobs: PgBossJobs,
    settings: SessionNoticeJobSettings,
    deps: WorkerDeps & { postSchedule: PostSessionSchedule },
  ) {
    this.#jobs = jobs;
    this.#settings = settings;
    this.#deps = deps;
  }

  async start(): Promise<void> {
    const boss = await this.#jobs.queue(SESSION_POST_QUEUE, options(this.#settings));
    await boss.work<SessionPostJob>(SESSION_POST_QUEUE, polling(this.#jobs), async ([job]) => {
      const outcome = await this.#deps.scoped(() => this.#deps.postSchedule.execute(job!.data));
      if (outcome?.refused.length)
        this.#deps.logger.warn({ ...job!.data, refused: outcome.refused }, 'session post refused by Discord');
      return outcome ?? { stale: true };
    });
  }
}

/** The API's worker for reminders: notifications need no bot, so they go out even while it is down. */
export class PgBossSessionReminderWorker {
  readonly #jobs: PgBossJobs;
  readonly #settings: SessionNoticeJobSettings;
  readonly #deps: WorkerDeps & { remind: RemindSession };

  constructor(jobs: PgBossJobs, settings: SessionNoticeJobSettings, deps: WorkerDeps & { remind: RemindSession }) {
    this.#jobs = jobs;
    this.#settings = settings;
    this.#deps = deps;
  }

  async start(): Promise<void> {
    const boss = await this.#jobs.queue(SESSION_REMINDER_QUEUE, options(this.#settings));
    await boss.work<SessionReminderJob>(SESSION_REMINDER_QUEUE, polling(this.#jobs), async ([job]) => ({
      told: await this.#deps.scoped(() => this.#deps.remind.execute(job!.data)),
    }));
  }
}
