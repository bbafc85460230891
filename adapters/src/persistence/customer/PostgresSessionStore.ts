import { createHash } from 'node:crypto';
import type { Orm } from '../database.ts';

type SessionData = Record<string, unknown>;

/**
 * koa-session external store in the customer_sessions table. Rows are keyed by a digest of the session id,
 * so a leaked table does not hand out cookies; expired rows are never read and are swept now and then.
 */
export class PostgresSessionStore {
  readonly #orm: Orm;
  readonly #sweepEveryMs: number;
  #lastSweep = 0;

  constructor(orm: Orm, sweepEveryMs = 60_000) {
    this.#orm = orm;
    this.#sweepEveryMs = sweepEveryMs;
  }

  #key(id: string): string {
    return createHash('sha256').update(id).digest('hex');
  }

  async get(id: string): Promise<SessionData | undefined> {
    const rows = await this.#orm.em
      .getConnection()
      .execute<{ data: SessionData }[]>('select data from customer_sessions where id = ? and expires_at > now()', [this.#key(id)]);
    return rows[0]?.data;
  }

  async set(id: string, data: SessionData, maxAge: number | 'session' | undefined): Promise<void> {
    // A browser-session cookie still needs a server-side end; a day matches koa-session's default.
    const ttl = typeof maxAge === 'number' ? maxAge : 86_400_000;
    await this.#orm.em.getConnection().execute(
      `insert into customer_sessions (id, data, expires_at) values (?, ?, now() + (? * interval '1 millisecond'))
       on conflict (id) do update set data = excluded.data, expires_at = excluded.expires_at`,
      [this.#key(id), JSON.stringify(data), ttl],
    );
    await this.#sweep();
  }

  async destroy(id: string): Promise<void> {
    await this.#orm.em.getConnection().execute('delete from customer_sessions where id = ?', [this.#key(id)]);
  }

  async #sweep(): Promise<void> {
    const now = Date.now();
    if (now - this.#lastSweep < this.#sweepEveryMs) return;
    this.#lastSweep = now;
    await this.#orm.em.getConnection().execute('delete from customer_sessions where expires_at <= now()');
  }
}
