import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { AREAS, type Area } from './routes.ts';
import { testEmailSchema } from './support.ts';
import { isoDateTime } from './wire.ts';

/** GET /api/health: the service and its database, with how it is getting back from an outage. */
export const healthReportSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['connected', 'disconnected']),
  recovery: z.object({
    state: z.enum(['stable', 'reconnecting', 'recovered']),
    failedChecks: z.number().int(),
    since: isoDateTime.nullable(),
    lastError: z.string().nullable(),
  }),
});
export type HealthReportWire = z.infer<typeof healthReportSchema>;

/** GET /api/remotes: where the shell loads each remote's mf-manifest.json from. */
export const remotesSchema = z.object(
  Object.fromEntries(AREAS.map((area) => [area, z.string()])) as Record<Area, z.ZodString>,
);

/** POST /api/test-email answer; a mail server that refuses answers 502 `{ success: false, message }`. */
export const testEmailResultSchema = z.object({ success: z.literal(true), message: z.string() });

export const healthEndpoints = {
  getHealth: endpoint({
    method: 'GET',
    path: '/api/health',
    summary: 'Whether the service and its database answer',
    auth: 'public',
    response: healthReportSchema,
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
    auth: 'public',
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
    response: z.looseObject({ openapi: z.literal('3.1.0'), paths: z.record(z.string(), z.unknown()) }),
  }),
  getReference: endpoint({
    method: 'GET',
    path: '/api/reference',
    summary: 'The API reference page for integrators, rendered from the OpenAPI document',
    auth: 'public',
    response: z.string(),
    html: true,
  }),
} as const;
