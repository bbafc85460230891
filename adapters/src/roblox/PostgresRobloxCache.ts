import type { MemberRankCache } from '@groupflow/core';
import type { Orm } from '../persistence/database.ts';

export interface RobloxCacheSettings {
  /** How long a user (by id or username) is reused. */
  usersTtlMs: number;
  /** How long groups, roles and memberships are reused. */
  groupsTtlMs: number;
  /** Expired rows are deleted at most this often. */
  sweepEveryMs: number;
}

/**
 * Answers of the Roblox APIs kept in PostgreSQL (`roblox_api_cache`), so the API processes and the bot agree on
 * what they have seen and Roblox's unwritten rate limits are spent once. Null answers (unknown user) are kept too.
 * A failed lookup is never stored.
 */
export class PostgresRobloxCache implements MemberRankCache {
  readonly #orm: Orm;
  readonly settings: RobloxCacheSettings;
  #lastSweep = 0;

  constructor(orm: Orm, settings: RobloxCacheSettings) {
    this.#orm = orm;
    this.settings = settings;
  }

  async getOrLoad<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
    const connection = this.#orm.em.getConnection();
    const rows = await connection.execute<{ value: { v: T } }[]>(
      'select value from roblox_api_cache where key = ? and expires_at > now()',
      [key],
    );
    if (rows[0]) return rows[0].value.v;
    const value = await load();
    await connection.execute(
      `insert into roblox_api_cache (key, value, expires_at) values (?, ?, now() + (? * interval '1 millisecond'))
       on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at`,
      [key, JSON.stringify({ v: value }), ttlMs],
    );
    await this.#sweep();
    return value;
  }

  /** A member's group roles, through the web APIs or Open Cloud: forgotten after GroupFlow changed their rank. */
  async forget(robloxUserId: string): Promise<void> {
    await this.#orm.em
      .getConnection()
      .execute('delete from roblox_api_cache where key in (?, ?)', [
        `memberships:${robloxUserId}`,
        `cloud:memberships:${robloxUserId}`,
      ]);
  }

  async #sweep(): Promise<void> {
    const now = Date.now();
    if (now - this.#lastSweep < this.settings.sweepEveryMs) return;
    this.#lastSweep = now;
    await this.#orm.em.getConnection().execute('delete from roblox_api_cache where expires_at <= now()');
  }
}

/**
 * The cache key and time to live of a memberships read. A bounded read (`maxAgeMs`, a management decision) has its
 * own key, so it never returns an entry older than asked for, and never shortens what ordinary reads reuse.
 */
export function membershipsKey(key: string, cache: PostgresRobloxCache, maxAgeMs?: number): [string, number] {
  return maxAgeMs === undefined ? [key, cache.settings.groupsTtlMs] : [`${key}:fresh`, maxAgeMs];
}
