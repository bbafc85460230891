import pg from 'pg';
import type { MemberSyncLocks } from '@groupflow/core';

/** First key of the advisory lock, apart from the other advisory locks (case numbers, ticket events). */
const LOCK_NAMESPACE = 0x5e7c1;

export interface MemberSyncLockSettings {
  /** PostgreSQL server to lock on: every bot process must name the same database. */
  connectionString: string;
  /** Connections held by syncs in flight in this process; one more sync waits for a free one. */
  maxConnections: number;
  /** A sync waiting longer than this for another sync of the same member fails (pg-boss retries the job). */
  waitTimeoutMs: number;
}

/**
 * MemberSyncLocks on PostgreSQL session advisory locks: every bot process (shards, or several processes on one
 * database) takes `pg_advisory_lock(namespace, hashtext(guild/member))` on a connection it holds for the whole
 * sync, outside any transaction, because a sync waits on Discord and Roblox and must not pin a transaction open.
 * Two members whose keys hash alike only wait for each other, which is harmless.
 */
export class PostgresMemberSyncLocks implements MemberSyncLocks {
  readonly #pool: pg.Pool;

  constructor(settings: MemberSyncLockSettings) {
    this.#pool = new pg.Pool({
      connectionString: settings.connectionString,
      max: settings.maxConnections,
      application_name: 'groupflow-member-sync-locks',
      // `lock_timeout` bounds the wait for the advisory lock.
      options: `-c lock_timeout=${Math.max(1, Math.round(settings.waitTimeoutMs))}`,
    });
    // A dropped idle connection must not crash the process; the next checkout opens a new one.
    this.#pool.on('error', () => {});
  }

  async exclusive<T>(key: { guildId: string; discordUserId: string }, work: () => Promise<T>): Promise<T> {
    const client = await this.#pool.connect();
    const name = `${key.guildId}/${key.discordUserId}`;
    let locked = false;
    try {
      await client.query('select pg_advisory_lock($1, hashtext($2))', [LOCK_NAMESPACE, name]);
      locked = true;
      return await work();
    } finally {
      // A failed unlock (connection lost) ends the session, and PostgreSQL releases its locks with it.
      const unlocked = locked
        ? await client.query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_NAMESPACE, name]).then(
            () => true,
            () => false,
          )
        : true;
      client.release(!unlocked);
    }
  }

  close(): Promise<void> {
    return this.#pool.end();
  }
}
