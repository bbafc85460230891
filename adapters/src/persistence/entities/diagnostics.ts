import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { col } from './columns.ts';

/** Status page incidents, recorded by the service monitor when a service becomes degraded or down. */
export const Incident = defineEntity({
  name: 'Incident',
  tableName: 'incidents',
  properties: {
    /** Chosen by the monitor when the impairment starts, so an incident has its id before the database takes it. */
    id: p.string().length(36).primary(),
    service: col.name().index(),
    title: col.title(),
    description: col.text(),
    status: col.status().index(),
    severity: col.priority(),
    startTime: p.datetime().index(),
    endTime: p.datetime().nullable(),
    updates: p.json<{ time: string; message: string }[]>(),
  },
});
export type IncidentRecord = InferEntity<typeof Incident>;
