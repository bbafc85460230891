import type { Incident, IncidentStore } from '@groupflow/core';
import type { Orm } from '../database.ts';
import { Incident as IncidentEntity, type IncidentRecord } from '../entities/diagnostics.ts';

const toIncident = (row: IncidentRecord): Incident => ({
  id: row.id,
  service: row.service,
  title: row.title,
  description: row.description,
  status: row.status as Incident['status'],
  severity: row.severity as Incident['severity'],
  startTime: row.startTime,
  endTime: row.endTime ?? null,
  updates: row.updates.map((update) => ({ time: new Date(update.time), message: update.message })),
});

/** Incidents in the `incidents` table. The monitor runs outside requests, so each call uses its own fork. */
export class MikroOrmIncidentStore implements IncidentStore {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async save(incident: Incident): Promise<void> {
    await this.#orm.em.fork().upsert(IncidentEntity, {
      id: incident.id,
      service: incident.service,
      title: incident.title,
      description: incident.description,
      status: incident.status,
      severity: incident.severity,
      startTime: incident.startTime,
      endTime: incident.endTime,
      updates: incident.updates.map((update) => ({ time: update.time.toISOString(), message: update.message })),
    });
  }

  async unresolved(): Promise<Incident[]> {
    const rows = await this.#orm.em
      .fork()
      .find(IncidentEntity, { status: { $ne: 'completed' } }, { orderBy: { startTime: 'asc' } });
    return rows.map(toIncident);
  }

  async recent(limit: number): Promise<Incident[]> {
    const rows = await this.#orm.em.fork().find(IncidentEntity, {}, { orderBy: { startTime: 'desc' }, limit });
    return rows.map(toIncident);
  }
}
