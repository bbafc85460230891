import { z } from 'zod';
import { endpoint } from './endpoint.ts';

const isoDate = z.iso.datetime();

export const recoverySchema = z.object({
  state: z.enum(['stable', 'reconnecting', 'recovered']),
  failedChecks: z.number().int().nonnegative(),
  /** Start of the outage while reconnecting; when the database answered again once recovered. */
  since: isoDate.nullable(),
  lastError: z.string().nullable(),
  lastOutage: z.object({ startedAt: isoDate, endedAt: isoDate, durationMs: z.number().nonnegative() }).optional(),
});

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['connected', 'disconnected']),
  recovery: recoverySchema,
  checkedAt: isoDate,
  probeMs: z.number().nonnegative(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const healthEndpoint = endpoint({
  method: 'GET',
  path: '/api/health',
  summary: 'Liveness and database state from a background probe at most HEALTH_PROBE_INTERVAL_MS old',
  auth: 'public',
  response: healthResponseSchema,
});

/** Service states of the status page; the page shows any other value as unknown (spec 1 section 2.15). */
export const SERVICE_STATUSES = ['operational', 'degraded', 'down', 'unknown'] as const;
export const INCIDENT_SEVERITIES = ['critical', 'major', 'minor'] as const;
export const INCIDENT_STATUSES = ['investigating', 'completed'] as const;

export const incidentSchema = z.object({
  id: z.string(),
  service: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(INCIDENT_STATUSES),
  severity: z.enum(INCIDENT_SEVERITIES),
  startTime: isoDate,
  endTime: isoDate.nullable(),
  updates: z.array(z.object({ time: isoDate, message: z.string() })),
});
export type IncidentResponse = z.infer<typeof incidentSchema>;

export const serviceStatusSchema = z.object({
  name: z.string(),
  description: z.string(),
  status: z.enum(SERVICE_STATUSES),
  /** Percent of checks since the server started in which the service was not down. */
  uptime: z.number().nullable(),
  responseTime: z.number().nullable(),
  detail: z.string().nullable(),
  lastChecked: isoDate.nullable(),
});

export const statusResponseSchema = z.object({
  overall: z.enum(['operational', 'degraded', 'down']),
  /** Percent of check rounds since start in which no critical service (API, database) was down; null before the first. */
  uptime: z.number().nullable(),
  uptimeSeconds: z.number().int().nonnegative(),
  startedAt: isoDate,
  lastUpdated: isoDate.nullable(),
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

export const statusEndpoint = endpoint({
  method: 'GET',
  path: '/api/status',
  summary: 'Public status: per-service checks, uptime, request figures over the rolling window, bots, users, incidents',
  auth: 'public',
  response: statusResponseSchema,
});

export const IDENTITY_PROVIDERS = ['discord', 'roblox'] as const;

/** What GET /api/debug tells a caller about their own session; never an id, cookie or token. */
export const debugResponseSchema = z.object({
  session: z.object({
    hasSession: z.boolean(),
    authenticated: z.boolean(),
    userId: z.number().int().nullable(),
    username: z.string().nullable(),
    identities: z.array(z.object({ provider: z.enum(IDENTITY_PROVIDERS), username: z.string().nullable() })),
    signedInAt: isoDate.nullable(),
    /** Seconds since sign-in; null without one. */
    ageSeconds: z.number().int().nonnegative().nullable(),
    expiresAt: isoDate.nullable(),
    oauthInProgress: z.boolean(),
  }),
  environment: z.string(),
  timestamp: isoDate,
});
export type DebugResponse = z.infer<typeof debugResponseSchema>;

export const debugEndpoint = endpoint({
  method: 'GET',
  path: '/api/debug',
  summary: "The caller's own session: signed in or not, identities, age; no secrets",
  auth: 'public',
  response: debugResponseSchema,
});
