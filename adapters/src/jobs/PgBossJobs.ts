import { PgBoss } from 'pg-boss';
import type { Orm } from '../persistence/database.ts';

export interface PgBossSettings {
  /** Bounded pool for the job tables, beside the ORM's own. */
  maxConnections: number;
  /** Idle poll of a worker when no NOTIFY arrives. */
  pollingIntervalSeconds: number;
  /**
   * How often a supervising process looks for jobs whose worker stopped sending heartbeats (a dead bot process) and
   * hands them to another worker.
   */
  superviseIntervalSeconds: number;
}

/**
 * pg-boss in the application's own PostgreSQL (schema `pgboss`), started on first use, so a process that never
 * queues a job never opens its pool. Maintenance and scheduling run only where `supervise` is set (the bot).
 */
export type QueueOptions = NonNullable<Parameters<PgBoss['createQueue']>[1]>;

export class PgBossJobs {
  readonly #orm: Orm;
  readonly #settings: PgBossSettings & { supervise: boolean };
  #started: Promise<PgBoss> | undefined;
  /** Queues this process has made sure of; a failed attempt is forgotten so the next call tries again. */
  readonly #queues = new Map<string, Promise<void>>();

  constructor(orm: Orm, settings: PgBossSettings & { supervise: boolean }) {
    this.#orm = orm;
    this.#settings = settings;
  }

  get pollingIntervalSeconds(): number {
    return this.#settings.pollingIntervalSeconds;
  }

  boss(): Promise<PgBoss> {
    this.#started ??= (async () => {
      const boss = new PgBoss({
        connectionString: this.#orm.config.get('clientUrl'),
        max: this.#settings.maxConnections,
        application_name: 'groupflow-jobs',
        supervise: this.#settings.supervise,
        superviseIntervalSeconds: this.#settings.superviseIntervalSeconds,
        monitorIntervalSeconds: this.#settings.superviseIntervalSeconds,
        schedule: false,
        useListenNotify: true,
      });
      // pg-boss reports pool errors as events; without a listener Node would crash the process on one.
      boss.on('error', () => {});
      await boss.start();
      return boss;
    })();
    return this.#started;
  }

  /** pg-boss with the queue `name` in place, created with `options` unless some process created it already. */
  async queue(name: string, options: QueueOptions): Promise<PgBoss> {
    let ensured = this.#queues.get(name);
    if (!ensured) {
      ensured = this.#ensureQueue(name, options);
      this.#queues.set(name, ensured);
      ensured.catch(() => this.#queues.delete(name));
    }
    await ensured;
    return this.boss();
  }

  async #ensureQueue(name: string, options: QueueOptions): Promise<void> {
    const boss = await this.boss();
    if (await boss.getQueue(name)) return;
    await boss.createQueue(name, options).catch(async (error: unknown) => {
      // Another process created it between the check and the create.
      if (!(await boss.getQueue(name))) throw error;
    });
  }

  async stop(): Promise<void> {
    const started = this.#started;
    this.#started = undefined;
    if (started) await (await started).stop({ graceful: true, close: true, timeout: 10_000 });
  }
}
