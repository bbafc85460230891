import type { SlaPolicies, SlaPolicy } from '@groupflow/core';
import type { Orm } from '../database.ts';

/** support_sla_policies: one row per priority, replaced together. */
export class PostgresSlaPolicies implements SlaPolicies {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async read(): Promise<SlaPolicy[]> {
    const rows = await this.#orm.em
      .getConnection()
      .execute<{ priority: SlaPolicy['priority']; first_response_minutes: number; resolution_hours: number }[]>(
        'select priority, first_response_minutes, resolution_hours from support_sla_policies',
      );
    return rows.map((row) => ({
      priority: row.priority,
      firstResponseMinutes: row.first_response_minutes,
      resolutionHours: row.resolution_hours,
    }));
  }

  async replace(policies: SlaPolicy[]): Promise<void> {
    // One statement, so a reader never sees the table half replaced; the contract gives every priority.
    await this.#orm.em.getConnection().execute(
      `insert into support_sla_policies (priority, first_response_minutes, resolution_hours)
       select priority, "firstResponseMinutes", "resolutionHours"
       from jsonb_to_recordset(?::jsonb) as p(priority text, "firstResponseMinutes" int, "resolutionHours" int)
       on conflict (priority) do update
         set first_response_minutes = excluded.first_response_minutes, resolution_hours = excluded.resolution_hours`,
      [JSON.stringify(policies)],
    );
  }
}
