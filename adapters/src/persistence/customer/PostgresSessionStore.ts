import { createHash } from 'node:crypto';
import { CustomerSessionLifetime, type Clock, type CustomerSessionEnder } from '@groupflow/core';
import type { Orm } from '../database.ts';
import type { InvalidatedCache } from '../notifications/InvalidatedCache.ts';

export type SessionData = Record<string, unknown>;

/**
 * A session row as the store keeps it between reads: with the moments it expires and its next use should be
 * recorded, which depend on the row alone, worked out once per load instead of parsing its times on every read.
 */
export interface KeptSession {
  data: SessionData;
  expiresAt: number;
  touchDueAt: number;
}

/** The channel on which any process announces that a session row changed or is gone. */
export const SESSION_CHANNEL = 'customer_session';

export interface PostgresSessionStoreOptions {
  lifetime: CustomerSessionLifetime;
  /** Signed-in session rows, keyed by row id; a logout anywhere drops them everywhere before it answers. */
  cache: InvalidatedCache<KeptSession>;
  clock: Clock;
  sweepEveryMs: number;
}

/**
 * Row ids of the cookies seen lately are kept: every signed-in read asks for one, and a digest costs more than the
 * rest of a cached session read (issue 37). Bounded, oldest dropped first; a dropped id is simply digested again.
 */
const REMEMBERED_ROW_KEYS = 10_000;

/**
 * koa-session external store in the customer_sessions table. The store owns the sessions' lifetime
 * (CustomerSessionLifetime): an expired session reads as absent and its row is removed; a signed-in session's
 * use is recorded at most every touch interval, not on every request. Expired rows nobody reads are swept now and then.
 */
export class PostgresSessionStore implements CustomerSessionEnder {
  readonly #orm: Orm;
  readonly #options: PostgresSessionStoreOptions;
  #lastSweep = 0;
  readonly #rowKeys = new Map<string, string>();

  constructor(orm: Orm, options: PostgresSessionStoreOptions) {
    this.#orm = orm;
    this.#options = options;
  }

  async get(id: string): Promise<SessionData | undefined> {
    const key = this.#rowKey(id);
    const { cache, lifetime, clock } = this.#options;
    const kept = await cache.read(
      key,
      () => this.#load(key),
      (loaded) => CustomerSessionLifetime.signedIn(loaded.data),
    );
    if (!kept) return undefined;
    const now = clock.now();
    if (kept.expiresAt <= now.getTime()) {
      await this.#remove(key);
      return undefined;
    }
    if (now.getTime() < kept.touchDueAt) return { ...kept.data };
    const touched = { ...kept.data, lastSeenAt: now.toISOString() };
    await this.#orm.em
      .getConnection()
      .execute('update customer_sessions set data = ?, expires_at = ? where id = ?', [
        JSON.stringify(touched),
        lifetime.expiresAt(touched, now),
        key,
      ]);
    await cache.invalidateEverywhere(key);
    return touched;
  }

  /** koa-session's maxAge is the cookie's; the row lives as long as the lifetime rules give the content. */
  async set(id: string, data: SessionData): Promise<void> {
    const key = this.#rowKey(id);
    const now = this.#options.clock.now();
    const stored =
      CustomerSessionLifetime.signedIn(data) || data.startedAt ? data : { ...data, startedAt: now.toISOString() };
    await this.#orm.em.getConnection().execute(
      `insert into customer_sessions (id, data, expires_at) values (?, ?, ?)
       on conflict (id) do update set data = excluded.data, expires_at = excluded.expires_at`,
      [key, JSON.stringify(stored), this.#options.lifetime.expiresAt(stored, now)],
    );
    await this.#options.cache.invalidateEverywhere(key);
    await this.#sweep(now);
  }

  /** Ends the session on every process: answers once each listening process has dropped its copy. */
  async destroy(id: string): Promise<void> {
    const key = this.#rowKey(id);
    await this.#orm.em.getConnection().execute('delete from customer_sessions where id = ?', [key]);
    await this.#options.cache.invalidateEverywhereAndWait(key);
  }

  /**
   * Ends every session of a customer (a ban): their rows go, and each process drops its copy when the change is
   * committed. Answers how many there were.
   */
  async endAllFor(customerId: number): Promise<number> {
    const rows = await this.#orm.em
      .getConnection()
      .execute<{ id: string }[]>(`delete from customer_sessions where data->>'customerId' = ? returning id`, [
        String(customerId),
      ]);
    for (const { id } of rows) await this.#options.cache.invalidateEverywhere(id);
    return rows.length;
  }

  /** The row id of a session: a digest of the cookie's id, so a leaked table does not hand out cookies. */
  #rowKey(id: string): string {
    let key = this.#rowKeys.get(id);
    if (key === undefined) {
      key = createHash('sha256').update(id).digest('hex');
      if (this.#rowKeys.size >= REMEMBERED_ROW_KEYS) this.#rowKeys.delete(this.#rowKeys.keys().next().value!);
      this.#rowKeys.set(id, key);
    }
    return key;
  }

  async #load(key: string): Promise<KeptSession | undefined> {
    const [row] = await this.#orm.em
      .getConnection()
      .execute<{ data: SessionData; expires_at: Date }[]>(
        'select data, expires_at from customer_sessions where id = ?',
        [key],
      );
    if (!row) return undefined;
    const now = this.#options.clock.now();
    if (new Date(row.expires_at).getTime() <= now.getTime()) {
      await this.#remove(key);
      return undefined;
    }
    const { lifetime } = this.#options;
    return {
      data: row.data,
      expiresAt: lifetime.expiresAt(row.data, now).getTime(),
      touchDueAt: lifetime.touchDueAt(row.data),
    };
  }

  /** An expired session: every process judges its age by the same rules, so none needs to be told. */
  async #remove(key: string): Promise<void> {
    this.#options.cache.evict(key);
    await this.#orm.em.getConnection().execute('delete from customer_sessions where id = ?', [key]);
  }

  async #sweep(now: Date): Promise<void> {
    if (now.getTime() - this.#lastSweep < this.#options.sweepEveryMs) return;
    this.#lastSweep = now.getTime();
    await this.#orm.em.getConnection().execute('delete from customer_sessions where expires_at <= ?', [now]);
  }
}
