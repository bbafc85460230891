import type { ServerSyncRun, ServerSyncRuns } from '@groupflow/core';
import type { Orm } from '../database.ts';
import { entityManager } from '../entityManager.ts';
import { ServerSyncRun as RunEntity, type ServerSyncRunRecord } from '../entities/index.ts';

function toRun(row: ServerSyncRunRecord): ServerSyncRun {
  return {
    guildId: row.guildId,
    state: row.state as ServerSyncRun['state'],
    generation: row.generation,
    cursor: row.cursor,
    wrapAt: row.wrapAt,
    wrapped: row.wrapped,
    total: row.total,
    visited: row.visited,
    changed: row.changed,
    unchanged: row.unchanged,
    failed: row.failed,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt ?? null,
    error: row.error ?? null,
    workerToken: row.workerToken ?? null,
  };
}

/** A guild's first run, from the first member with counts at zero; `on conflict` says what becomes of a later one. */
const INSERT_RUN = `insert into server_sync_runs as r (guild_id, state, generation, "cursor", wrap_at, wrapped, total,
    visited, changed, unchanged, failed, started_at, finished_at, error, worker_token, updated_at)
  values (?, 'running', 1, '0', '0', false, 0, 0, 0, 0, 0, ?, null, null, null, now())`;

/** A new generation of the row: running again, counts at zero, started now. */
const NEW_GENERATION = `generation = r.generation + 1, state = 'running', wrapped = false, visited = 0, changed = 0,
    unchanged = 0, failed = 0, started_at = excluded.started_at, finished_at = null, error = null, updated_at = now()`;

/**
 * `server_sync_runs`: every change is one statement whose WHERE says what it expects (running, this worker, this
 * generation), so the API's triggers and cancels and the bot's checkpoints never overwrite each other.
 */
export class MikroOrmServerSyncRuns implements ServerSyncRuns {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async get(guildId: string): Promise<ServerSyncRun | null> {
    const row = await entityManager(this.#orm).findOne(RunEntity, { guildId }, { disableIdentityMap: true });
    return row ? toRun(row) : null;
  }

  async request(guildId: string, at: Date): Promise<ServerSyncRun> {
    // A running run keeps its cursor and worker and begins a new generation there; any other starts afresh.
    await this.#execute(
      `${INSERT_RUN} on conflict (guild_id) do update set ${NEW_GENERATION},
         "cursor" = case when r.state = 'running' then r."cursor" else '0' end,
         wrap_at = case when r.state = 'running' then r."cursor" else '0' end,
         worker_token = case when r.state = 'running' then r.worker_token else null end`,
      [guildId, at],
    );
    return (await this.get(guildId))!;
  }

  async start(guildId: string, at: Date): Promise<ServerSyncRun | null> {
    // The conflicting row is locked and its WHERE read again, so of concurrent starts only the first finds it idle.
    const started = await this.#execute(
      `${INSERT_RUN} on conflict (guild_id) do update set ${NEW_GENERATION}, "cursor" = '0', wrap_at = '0',
         worker_token = null
       where r.state <> 'running'
       returning r.guild_id`,
      [guildId, at],
    );
    return started.length ? this.get(guildId) : null;
  }

  /** The rows the statement returned. */
  #execute(sql: string, values: unknown[]): Promise<unknown[]> {
    return entityManager(this.#orm).getConnection().execute(sql, values);
  }

  async cancel(guildId: string, at: Date): Promise<ServerSyncRun | null> {
    const changed = await entityManager(this.#orm).nativeUpdate(
      RunEntity,
      { guildId, state: 'running' },
      { state: 'cancelled', finishedAt: at },
    );
    return changed ? this.get(guildId) : null;
  }

  async claim(guildId: string, workerToken: string): Promise<ServerSyncRun | null> {
    const changed = await entityManager(this.#orm).nativeUpdate(
      RunEntity,
      { guildId, state: 'running' },
      { workerToken },
    );
    return changed ? this.get(guildId) : null;
  }

  async checkpoint(run: ServerSyncRun, workerToken: string): Promise<boolean> {
    const changed = await entityManager(this.#orm).nativeUpdate(
      RunEntity,
      { guildId: run.guildId, state: 'running', workerToken, generation: run.generation },
      {
        state: run.state,
        cursor: run.cursor,
        wrapAt: run.wrapAt,
        wrapped: run.wrapped,
        total: run.total,
        visited: run.visited,
        changed: run.changed,
        unchanged: run.unchanged,
        failed: run.failed,
        finishedAt: run.finishedAt,
        error: run.error,
      },
    );
    return changed === 1;
  }

  async running(): Promise<string[]> {
    const rows = await entityManager(this.#orm).find(RunEntity, { state: 'running' }, { fields: ['guildId'] });
    return rows.map((row) => row.guildId);
  }
}
