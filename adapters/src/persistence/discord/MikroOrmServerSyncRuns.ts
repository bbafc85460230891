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
    await entityManager(this.#orm)
      .getConnection()
      .execute(
        `insert into server_sync_runs as r (guild_id, state, generation, "cursor", wrap_at, wrapped, total, visited,
           changed, unchanged, failed, started_at, finished_at, error, worker_token, updated_at)
         values (?, 'running', 1, '0', '0', false, 0, 0, 0, 0, 0, ?, null, null, null, now())
         on conflict (guild_id) do update set
           generation = r.generation + 1,
           "cursor" = case when r.state = 'running' then r."cursor" else '0' end,
           wrap_at = case when r.state = 'running' then r."cursor" else '0' end,
           worker_token = case when r.state = 'running' then r.worker_token else null end,
           state = 'running', wrapped = false, visited = 0, changed = 0, unchanged = 0, failed = 0,
           started_at = excluded.started_at, finished_at = null, error = null, updated_at = now()`,
        [guildId, at],
      );
    return (await this.get(guildId))!;
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
