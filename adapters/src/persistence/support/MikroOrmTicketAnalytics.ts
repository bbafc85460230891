import type { AnalyticsBucket, TicketAnalyticsReader, TicketFigures, TicketStatus } from '@groupflow/core';
import type { Orm } from '../database.ts';

/** Statuses that end a ticket; every other one counts as open. */
const FINISHED = `('resolved', 'closed')`;

/**
 * Ticket figures counted by PostgreSQL (statements run side by side): counts grouped in SQL and medians by
 * percentile_cont, so the cost does not grow with what is sent to Node. Buckets are UTC hours or days.
 */
export class MikroOrmTicketAnalytics implements TicketAnalyticsReader {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async read(since: Date, bucket: AnalyticsBucket): Promise<TicketFigures> {
    const db = this.#orm.em.getConnection();
    const [series, byStatus, byPriority, [times], ratings, agents] = await Promise.all([
      db.execute<{ at: Date | string; tickets: number; finished: number }[]>(
        `select date_trunc('${bucket}', created_at at time zone 'UTC') at time zone 'UTC' as at,
                count(*)::int as tickets, (count(*) filter (where status in ${FINISHED}))::int as finished
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
      db.execute<
        { open_now: number; first_response: number | null; resolution: number | null; sla_breaches: number }[]
      >(
        `select
           (select count(*)::int from support_tickets where status not in ${FINISHED}) as open_now,
           (select percentile_cont(0.5) within group (order by extract(epoch from (m.first_at - t.created_at)))
              from support_tickets t
              join (select ticket_id, min(created_at) as first_at from support_ticket_messages
                    where sender_type = 'staff' group by ticket_id) m on m.ticket_id = t.id
              where t.created_at >= ?) as first_response,
           (select percentile_cont(0.5) within group (order by extract(epoch from (updated_at - created_at)))
              from support_tickets where created_at >= ? and status in ${FINISHED}) as resolution,
           (${SLA_BREACHES}) as sla_breaches`,
        [since, since, since],
      ),
      db.execute<{ score: number; count: number }[]>(
        `select r.score, count(*)::int as count from support_ticket_ratings r
         join support_tickets t on t.id = r.ticket_id where t.created_at >= ? group by r.score`,
        [since],
      ),
      db.execute<{ staff_id: number; username: string; finished: number; rating_sum: number; ratings: number }[]>(
        `select s.id as staff_id, s.username,
                (count(*) filter (where t.status in ${FINISHED}))::int as finished,
                coalesce(sum(r.score), 0)::int as rating_sum, count(r.score)::int as ratings
         from support_tickets t join staff_users s on s.id = t.claimed_by
         left join support_ticket_ratings r on r.ticket_id = t.id
         where t.created_at >= ? group by s.id, s.username`,
        [since],
      ),
    ]);
    return {
      // Dates as the driver hands raw rows over; `new Date` accepts either form.
      series: series.map((row) => ({ at: new Date(row.at), tickets: row.tickets, finished: row.finished })),
      byStatus,
      byPriority,
      openNow: times?.open_now ?? 0,
      medianFirstResponseSeconds: times?.first_response ?? null,
      medianResolutionSeconds: times?.resolution ?? null,
      ratings,
      slaBreaches: times?.sla_breaches ?? 0,
      agents: agents.map((row) => ({
        staffId: row.staff_id,
        username: row.username,
        finished: row.finished,
        ratingSum: row.rating_sum,
        ratings: row.ratings,
      })),
    };
  }
}

/** Tickets filed since the moment whose SLA was breached (h39a's SLA clocks keep the breach on the ticket). */
const SLA_BREACHES = `select count(*)::int from support_tickets where created_at >= ? and sla_breached_at is not null`;
