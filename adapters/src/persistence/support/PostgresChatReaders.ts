import { randomUUID } from 'node:crypto';
import type { ChatReaders } from '@groupflow/core';
import type { Orm } from '../database.ts';

/** One open customer chat stream, as the stream keeps its row alive. */
export interface ChatReading {
  /** At each heartbeat: the row lives `ttlMs` longer. */
  stay(): Promise<void>;
  leave(): Promise<void>;
}

/**
 * support_chat_readers: every process's open customer chat streams, so the mail digest of any process knows the
 * customer is reading. A row outlives its stream by at most `ttlMs` when a process dies without closing it.
 */
export class PostgresChatReaders implements ChatReaders {
  readonly #orm: Orm;
  readonly #ttlMs: number;

  constructor(orm: Orm, ttlMs: number) {
    this.#orm = orm;
    this.#ttlMs = ttlMs;
  }

  async reading(ticketId: number, now: Date): Promise<boolean> {
    const rows = await this.#orm.em
      .getConnection()
      .execute('select 1 from support_chat_readers where ticket_id = ? and expires_at > ? limit 1', [ticketId, now]);
    return rows.length > 0;
  }

  async enter(ticketId: number): Promise<ChatReading> {
    const id = randomUUID();
    const db = () => this.#orm.em.getConnection();
    const until = () => new Date(Date.now() + this.#ttlMs);
    await db().execute(
      `with swept as (delete from support_chat_readers where expires_at < now())
       insert into support_chat_readers (id, ticket_id, expires_at) values (?, ?, ?)`,
      [id, ticketId, until()],
      'run',
    );
    return {
      stay: async () => {
        await db().execute('update support_chat_readers set expires_at = ? where id = ?', [until(), id], 'run');
      },
      leave: async () => {
        await db().execute('delete from support_chat_readers where id = ?', [id], 'run');
      },
    };
  }
}
