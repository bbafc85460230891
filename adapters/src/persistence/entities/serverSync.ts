import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { col } from './columns.ts';

/**
 * A guild's server-wide role sync (the `ServerSyncRuns` port, issue 27): one row per guild, the current or last
 * run, with its checkpoint. Written by the API (start, cancel) and the bot (progress), both guarded by `generation`
 * and `workerToken` so a late writer changes nothing.
 */
export const ServerSyncRun = defineEntity({
  name: 'ServerSyncRun',
  tableName: 'server_sync_runs',
  properties: {
    guildId: col.externalId().primary(),
    state: p.string().length(16),
    generation: p.integer(),
    cursor: col.externalId(),
    wrapAt: col.externalId(),
    wrapped: p.boolean(),
    total: p.integer(),
    visited: p.integer(),
    changed: p.integer(),
    unchanged: p.integer(),
    failed: p.integer(),
    startedAt: p.datetime(),
    finishedAt: p.datetime().nullable(),
    error: col.text().nullable(),
    workerToken: p.string().length(64).nullable(),
    updatedAt: col.updatedAt(),
  },
});
export type ServerSyncRunRecord = InferEntity<typeof ServerSyncRun>;
