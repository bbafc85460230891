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
export class PgBossJobs {
  readonly #orm: Orm;
  readonly #settings: PgBossSettings & { supervise: boolean };
  #started: Promise<PgBoss> | undefined;

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

  async stop(): Promise<void> {
    const started = this.#started;
    this.#started = undefined;
    if (started) await (await started).stop({ graceful: true, close: true, timeout: 10_000 });
  }
}
