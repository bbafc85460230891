import type { TicketRating, TicketRatings } from '@groupflow/core';
import type { Orm } from '../database.ts';

/** support_ticket_ratings: the primary key on the ticket keeps a second rating out, however calls race. */
export class PostgresTicketRatings implements TicketRatings {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async add(ticketId: number, rating: TicketRating): Promise<boolean> {
    const rows = await this.#orm.em.getConnection().execute(
      `insert into support_ticket_ratings (ticket_id, score, comment, created_at) values (?, ?, ?, ?)
       on conflict do nothing returning ticket_id`,
      [ticketId, rating.score, rating.comment, rating.createdAt],
    );
    return rows.length > 0;
  }

  async find(ticketId: number): Promise<TicketRating | null> {
    const [row] = await this.#orm.em
      .getConnection()
      .execute<{ score: number; comment: string | null; created_at: Date | string }[]>(
        'select score, comment, created_at from support_ticket_ratings where ticket_id = ?',
        [ticketId],
      );
    return row ? { score: row.score, comment: row.comment, createdAt: new Date(row.created_at) } : null;
  }
}
