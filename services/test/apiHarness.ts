/**
 * The real API (every container module, real PostgreSQL from the integration setup) on a free loopback port,
 * for integration tests that speak HTTP to it. Extra environment variables configure it as in production.
 */
import { inject } from 'vitest';
import type { Container } from 'inversify';
import { inRequestContext, openDatabase, type Orm } from '@groupflow/adapters/persistence/database';
import type { StaffMember, StaffRole } from '@groupflow/core';
import { findEndpoint, successStatuses, toFieldIssues } from '@groupflow/core/contracts';
import { loadConfig } from '../src/config.ts';
import { createLogger } from '../src/logger.ts';
import { buildApiContainer, startApi } from '../src/api.ts';
import { resolve, TOKENS } from '../src/containers/tokens.ts';
import { HIGH_RATE_LIMITS } from './highRateLimits.ts';

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

/**
 * `databaseUrl` replaces the integration database's address, e.g. with a relay the test can cut. The rate limits
 * are lifted (HIGH_RATE_LIMITS) unless `env` sets them.
 */
export async function startTestApi(
  env: Record<string, string> = {},
  databaseUrl = inject('databaseUrl'),
): Promise<TestApi> {
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    PORT: '0',
    LOG_LEVEL: 'silent',
    ...HIGH_RATE_LIMITS,
    ...env,
  });
  const logger = createLogger(config);
  const orm = await openDatabase(databaseUrl, undefined, {
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    poolMax: config.databasePool.max,
    poolAcquireTimeoutMs: config.databasePool.acquireTimeoutMs,
  });
  const container = buildApiContainer(config, logger, orm);
  const api = await startApi(config, logger, orm);
  const provision = resolve(container, TOKENS.ProvisionStaffMember);
  const runId = `${process.pid}${Date.now().toString(36)}`;
  return {
    url: api.url,
    orm,
    container,
    provisionStaff(role, password = TEST_PASSWORD) {
      sequence += 1;
      const username = `${role}-${runId}-${sequence}`;
      return inRequestContext(orm, () =>
        provision.execute({ email: `${username}@groupflow.test`, password, role, username }),
      );
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
  const response = await checkedFetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Body) : undefined };
}

/** The paths the API answers; anything else is the shell's pages and assets. */
const API_PATH = /^\/(api|auth|dev-oauth)\//;

/**
 * `fetch`, failing the test when a successful answer of an API path does not match the contract: the route must
 * be in the endpoint registry (core/src/contracts/api.ts), answer its declared status, and its JSON must parse
 * with the endpoint's response schema. Error answers are the tests' own business.
 */
export async function checkedFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, init);
  const method = (init.method ?? 'GET').toUpperCase();
  const { pathname } = new URL(url);
  if (!API_PATH.test(pathname) || response.status < 200 || response.status >= 300) return response;
  const found = findEndpoint(method, pathname);
  if (!found)
    throw new Error(
      `${method} ${pathname} answered ${response.status} but no endpoint in core/src/contracts/api.ts describes it`,
    );
  const { endpoint, area, name } = found;
  const where = `${method} ${pathname} (API.${area}.${name})`;
  const expected = successStatuses(endpoint);
  if (!expected.includes(response.status) && !endpoint.html)
    throw new Error(`${where} answered ${response.status}, its endpoint declares ${expected.join(' or ')}`);
  const type = response.headers.get('content-type') ?? '';
  if (endpoint.stream) {
    if (!type.startsWith('text/event-stream')) throw new Error(`${where} is a stream but answered ${type}`);
    return response;
  }
  const text = await response.clone().text();
  if (!type.includes('json')) {
    if (endpoint.html || endpoint.file || !text) return response;
    throw new Error(`${where} answered ${type || 'no content type'}, its endpoint declares JSON`);
  }
  const parsed = endpoint.response.safeParse(JSON.parse(text));
  if (!parsed.success) {
    throw new Error(
      `${where} answered JSON its response schema rejects: ${JSON.stringify(toFieldIssues(parsed.error))}\n${text.slice(0, 2000)}`,
    );
  }
  return response;
}
