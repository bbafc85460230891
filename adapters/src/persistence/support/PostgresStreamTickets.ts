import type { StreamTickets } from '@groupflow/core';
import type { Orm } from '../database.ts';

/**
 * support_stream_tickets in plain SQL: redeeming is one DELETE ... RETURNING, so two processes racing for the
 * same ticket cannot both win. Saving sweeps the expired ones, which keeps the table at the tickets of the last
 * minute without a timer.
 */
export class PostgresStreamTickets implements StreamTickets {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async save(ticketHash: string, sessionHash: string, expiresAt: Date): Promise<void> {
    await this.#orm.em.getConnection().execute(
      `with swept as (delete from support_stream_tickets where expires_at < now())
       insert into support_stream_tickets (ticket_hash, session_hash, expires_at) values (?, ?, ?)`,
      [ticketHash, sessionHash, expiresAt],
      'run',
    );
  }

  async take(ticketHash: string, now: Date): Promise<string | null> {
    const rows = await this.#orm.em.getConnection().execute<{ session_hash: string }[]>(
      `with taken as (delete from support_stream_tickets where ticket_hash = ? returning session_hash, expires_at)
       select session_hash from taken where expires_at > ?`,
      [ticketHash, now],
    );
    return rows[0]?.session_hash ?? null;
  }
}
