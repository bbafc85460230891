import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { AREAS, type Area } from './routes.ts';
import { testEmailSchema } from './support.ts';
import { isoDateTime } from './wire.ts';
import { text } from './text.ts';

/**
 * GET /api/health: the service and its database, with how it is getting back from an outage, from a background
 * probe at most HEALTH_PROBE_INTERVAL_MS old (`checkedAt`).
 */
export const healthReportSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['connected', 'disconnected']),
  recovery: z.object({
    state: z.enum(['stable', 'reconnecting', 'recovered']),
    failedChecks: z.number().int(),
    /** Start of the outage while reconnecting; when the database answered again once recovered. */
    since: isoDateTime.nullable(),
    lastError: text().nullable(),
    /** The latest outage that ended: when, and for how long. */
    lastOutage: z
      .object({ startedAt: isoDateTime, endedAt: isoDateTime, durationMs: z.number().nonnegative() })
      .optional(),
  }),
  checkedAt: isoDateTime,
  probeMs: z.number().nonnegative(),
});
export type HealthReportWire = z.infer<typeof healthReportSchema>;

/** Service states of the status page; the page shows any other value as unknown (spec 1 section 2.15). */
export const SERVICE_STATUSES = ['operational', 'degraded', 'down', 'unknown'] as const;
export const INCIDENT_SEVERITIES = ['critical', 'major', 'minor'] as const;
/** `investigating` while the service is impaired, `completed` (the spec's example) once it is back. */
export const INCIDENT_STATUSES = ['investigating', 'completed'] as const;

export const incidentSchema = z.object({
  id: text(),
  service: text(),
  title: text(),
  description: text(),
  status: z.enum(INCIDENT_STATUSES),
  severity: z.enum(INCIDENT_SEVERITIES),
  startTime: isoDateTime,
  endTime: isoDateTime.nullable(),
  updates: z.array(z.object({ time: isoDateTime, message: text() })),
});
export type IncidentWire = z.infer<typeof incidentSchema>;

export const serviceStatusSchema = z.object({
  name: text(),
  description: text(),
  status: z.enum(SERVICE_STATUSES),
  /** Percent of checks since the server started in which the service was not down; null before its first answer. */
  uptime: z.number().nullable(),
  responseTime: z.number().nullable(),
  detail: text().nullable(),
  lastChecked: isoDateTime.nullable(),
});

/** GET /api/status (spec 1 section 3, "Status response"), from what the server measures itself. */
export const statusResponseSchema = z.object({
  overall: z.enum(['operational', 'degraded', 'down']),
  /** Percent of check rounds since start in which no critical service (API, database) was down. */
  uptime: z.number().nullable(),
  uptimeSeconds: z.number().int().nonnegative(),
  /**
   * The Discord bot's uptime: percent of the last 24 hours' and 30 days' whole minutes with a bot heartbeat (from the
   * bot's first heartbeat when it is younger); null per window without one, and null before the first check round.
   */
  botUptime: z.object({ last24h: z.number().nullable(), last30d: z.number().nullable() }).nullable(),
  startedAt: isoDateTime,
  lastUpdated: isoDateTime.nullable(),
  services: z.array(serviceStatusSchema),
  metrics: z.object({
    totalRequests: z.number().int().nonnegative(),
    successRate: z.number().nullable(),
    avgResponseTime: z.number().nullable(),
    windowSeconds: z.number().int().positive(),
    activeBots: z.number().int().nonnegative().nullable(),
    totalBots: z.number().int().nonnegative().nullable(),
    connectedUsers: z.number().int().nonnegative().nullable(),
  }),
  incidents: z.array(incidentSchema),
});
export type StatusResponse = z.infer<typeof statusResponseSchema>;

/** GET /api/remotes: where the shell loads each remote's mf-manifest.json from. */
export const remotesSchema = z.object(
  Object.fromEntries(AREAS.map((area) => [area, text()])) as Record<Area, z.ZodString>,
);

/** POST /api/test-email answer; a mail server that refuses answers 502 `{ success: false, message }`. */
export const testEmailResultSchema = z.object({ success: z.literal(true), message: text() });

export const healthEndpoints = {
  getHealth: endpoint({
    method: 'GET',
    path: '/api/health',
    summary:
      'Whether the service and its database answer, from a background probe at most HEALTH_PROBE_INTERVAL_MS old',
    auth: 'public',
    response: healthReportSchema,
  }),
  getSystemStatus: endpoint({
    method: 'GET',
    path: '/api/status',
    summary:
      'Public status: per-service checks, uptime, request figures over the rolling window, bots, users, incidents',
    auth: 'public',
    response: statusResponseSchema,
  }),
  getRemotes: endpoint({
    method: 'GET',
    path: '/api/remotes',
    summary: "Where the shell finds each remote's mf-manifest.json",
    auth: 'public',
    response: remotesSchema,
  }),
  sendTestEmail: endpoint({
    method: 'POST',
    path: '/api/test-email',
    summary: 'Send a sample HR notice to prove the mail setup',
    auth: 'staff',
    body: testEmailSchema,
    response: testEmailResultSchema,
  }),
} as const;

/** The API's own description: the OpenAPI document and the page rendered from it. */
export const referenceEndpoints = {
  getOpenApi: endpoint({
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'This API as an OpenAPI 3.1 document',
    auth: 'public',
    response: z.looseObject({ openapi: z.literal('3.1.0'), paths: z.record(text(), z.unknown()) }),
  }),
  getReference: endpoint({
    method: 'GET',
    path: '/api/reference',
    summary: 'The API reference page for integrators, rendered from the OpenAPI document',
    auth: 'public',
    response: text(),
    html: true,
  }),
} as const;
