import type { ReplyTokens } from '@groupflow/core';
import type { Orm } from '../database.ts';

/** support_reply_tokens in plain SQL; saving sweeps the expired ones, so the table holds live tokens only. */
export class PostgresReplyTokens implements ReplyTokens {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async save(tokenHash: string, ticketId: number, expiresAt: Date): Promise<void> {
    await this.#orm.em.getConnection().execute(
      `with swept as (delete from support_reply_tokens where expires_at < now())
       insert into support_reply_tokens (token_hash, ticket_id, expires_at) values (?, ?, ?)`,
      [tokenHash, ticketId, expiresAt],
      'run',
    );
  }

  async ticketOf(tokenHash: string, now: Date): Promise<number | null> {
    const [row] = await this.#orm.em
      .getConnection()
      .execute<{ ticket_id: number }[]>(
        'select ticket_id from support_reply_tokens where token_hash = ? and expires_at > ?',
        [tokenHash, now],
      );
    return row?.ticket_id ?? null;
  }
}
