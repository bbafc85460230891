import type { TicketAnalyticsReader, TicketFigures, TicketStatus } from '@groupflow/core';
import type { Orm } from '../database.ts';

/** Statuses that end a ticket; every other one counts as open. */
const FINISHED = `('resolved', 'closed')`;

/**
 * Ticket figures counted by PostgreSQL (one round trip of four statements run side by side): counts grouped in
 * SQL and medians by percentile_cont, so the cost does not grow with what is sent to Node.
 */
export class MikroOrmTicketAnalytics implements TicketAnalyticsReader {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async read(since: Date): Promise<TicketFigures> {
    const db = this.#orm.em.getConnection();
    const [perDay, byStatus, byPriority, [times]] = await Promise.all([
      db.execute<{ day: string; count: number }[]>(
        `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as count
         from support_tickets where created_at >= ? group by 1 order by 1`,
        [since],
      ),
      db.execute<{ status: TicketStatus; count: number }[]>(
        `select status, count(*)::int as count from support_tickets where created_at >= ? group by status`,
        [since],
      ),
      db.execute<{ priority: string; count: number }[]>(
        `select priority, count(*)::int as count from support_tickets where created_at >= ? group by priority`,
        [since],
      ),
      db.execute<{ open_now: number; first_response: number | null; resolution: number | null }[]>(
        `select
           (select count(*)::int from support_tickets where status not in ${FINISHED}) as open_now,
           (select percentile_cont(0.5) within group (order by extract(epoch from (m.first_at - t.created_at)))
              from support_tickets t
              join (select ticket_id, min(created_at) as first_at from support_ticket_messages
                    where sender_type = 'staff' group by ticket_id) m on m.ticket_id = t.id
              where t.created_at >= ?) as first_response,
           (select percentile_cont(0.5) within group (order by extract(epoch from (updated_at - created_at)))
              from support_tickets where created_at >= ? and status in ${FINISHED}) as resolution`,
        [since, since],
      ),
    ]);
    return {
      perDay,
      byStatus,
      byPriority,
      openNow: times?.open_now ?? 0,
      medianFirstResponseSeconds: times?.first_response ?? null,
      medianResolutionSeconds: times?.resolution ?? null,
    };
  }
}
