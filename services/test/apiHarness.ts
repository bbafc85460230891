/**
 * The real API (every container module, real PostgreSQL from the integration setup) on a free loopback port,
 * for integration tests that speak HTTP to it. Extra environment variables configure it as in production.
 */
import { inject } from 'vitest';
import type { Container } from 'inversify';
import { inRequestContext, openDatabase, type Orm } from '@groupflow/adapters/persistence/database';
import type { ProvisionStaffMember, StaffMember, StaffRole } from '@groupflow/core';
import { loadConfig } from '../src/config.ts';
import { createLogger } from '../src/logger.ts';
import { buildApiContainer, startApi } from '../src/api.ts';
import { STAFF } from '../src/containers/staffModule.ts';

// Provided by adapters/test/postgresGlobalSetup.ts, the integration project's global setup.
declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export interface TestApi {
  url: string;
  orm: Orm;
  container: Container;
  /** Creates a staff member directly (no HTTP), as `npm run staff:create` would. */
  provisionStaff(role: StaffRole, password?: string): Promise<StaffMember>;
  /** Logs in over HTTP and returns the bearer token. */
  login(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export const TEST_PASSWORD = 'correct horse 1';
let sequence = 0;

/** `databaseUrl` replaces the integration database's address, e.g. with a relay the test can cut. */
export async function startTestApi(env: Record<string, string> = {}, databaseUrl = inject('databaseUrl')): Promise<TestApi> {
  const config = loadConfig({ ...process.env, NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'silent', ...env });
  const logger = createLogger(config);
  const orm = await openDatabase(databaseUrl);
  const container = buildApiContainer(config, logger, orm);
  const api = await startApi(config, logger, orm);
  const provision = container.get<ProvisionStaffMember>(STAFF.Provision);
  const runId = `${process.pid}${Date.now().toString(36)}`;
  return {
    url: api.url,
    orm,
    container,
    provisionStaff(role, password = TEST_PASSWORD) {
      sequence += 1;
      const username = `${role}-${runId}-${sequence}`;
      return inRequestContext(orm, () => provision.execute({ email: `${username}@groupflow.test`, password, role, username }));
    },
    async login(email, password = TEST_PASSWORD) {
      const response = await fetch(`${api.url}/api/staff/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      if (!response.ok) throw new Error(`login of ${email} failed: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { token: string }).token;
    },
    async close() {
      await api.close();
      await orm.close(true);
    },
  };
}

export interface ApiAnswer<Body = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: Body | undefined;
}

/** One JSON call with an optional bearer token and extra headers; the body is parsed when there is one. */
export async function callApi<Body = Record<string, unknown>>(
  baseUrl: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<ApiAnswer<Body>> {
  const headers: Record<string, string> = { ...extraHeaders };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Body) : undefined };
}
