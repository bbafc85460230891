import type { AvailableAgent, SupportAgents } from '@groupflow/core';
import type { Orm } from '../database.ts';

/** The members automatic assignment may choose, with their open claims, in one statement. */
export class PostgresSupportAgents implements SupportAgents {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async available(roles: readonly string[], now: Date): Promise<AvailableAgent[]> {
    const rows = await this.#orm.em
      .getConnection()
      .execute<{ id: number; username: string; open_tickets: number; last_assigned_at: Date | string | null }[]>(
        `select s.id, s.username, a.last_assigned_at,
              (select count(*)::int from support_tickets t
               where t.claimed_by = s.id and t.status not in ('resolved', 'closed')) as open_tickets
       from staff_users s left join support_agent_assignments a on a.staff_user_id = s.id
       where s.clocked_in and s.is_active and s.role in (${roles.map(() => '?').join(', ')})
         and (s.suspended_until is null or s.suspended_until <= ?)`,
        [...roles, now],
      );
    return rows.map((row) => ({
      id: row.id,
      username: row.username,
      openTickets: row.open_tickets,
      lastAssignedAt: row.last_assigned_at === null ? null : new Date(row.last_assigned_at),
    }));
  }

  async recordAssignment(staffId: number, at: Date): Promise<void> {
    await this.#orm.em.getConnection().execute(
      `insert into support_agent_assignments (staff_user_id, last_assigned_at) values (?, ?)
       on conflict (staff_user_id) do update set last_assigned_at = excluded.last_assigned_at`,
      [staffId, at],
      'run',
    );
  }
}
