import { customerAuthEndpoints, customerEndpoints } from './customer.ts';
import { customerAccountEndpoints } from './customerAccounts.ts';
import { devOAuthEndpoints } from './devOAuth.ts';
import { serversEndpoints } from './servers.ts';
import { healthEndpoints, referenceEndpoints } from './diagnostics.ts';
import type { Endpoint } from './endpoint.ts';
import { legalEndpoints } from './legal.ts';
import { robloxEndpoints } from './roblox.ts';
import { staffEndpoints } from './staff.ts';
import { supportEndpoints } from './support.ts';
import {
  workspaceAnalyticsEndpoints,
  workspaceApplicationEndpoints,
  workspaceDocumentEndpoints,
  workspaceEndpoints,
  workspaceFeedEndpoints,
  workspaceQuotaEndpoints,
  workspaceSessionEndpoints,
} from './workspace.ts';

/** Each area's tables, in order; an area is one of core's areas (`core/src/<area>/`), so one name leads to both. */
const AREA_TABLES = {
  customer: [customerEndpoints, customerAuthEndpoints, customerAccountEndpoints, devOAuthEndpoints],
  servers: [serversEndpoints],
  staff: [staffEndpoints],
  support: [supportEndpoints],
  legal: [legalEndpoints],
  roblox: [
    robloxEndpoints,
    workspaceEndpoints,
    workspaceQuotaEndpoints,
    workspaceSessionEndpoints,
    workspaceApplicationEndpoints,
    workspaceFeedEndpoints,
    workspaceDocumentEndpoints,
    workspaceAnalyticsEndpoints,
  ],
  diagnostics: [healthEndpoints, referenceEndpoints],
} as const;

/** The tables of an area as one; the same key in two tables would hide an endpoint (api.test.ts counts them). */
const merged = <T extends readonly Record<string, Endpoint>[]>(tables: T) =>
  Object.assign({}, ...tables) as UnionToIntersection<T[number]>;
type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void
  ? I
  : never;

/**
 * Every route the API serves, by area: `API.<area>.<name>`, the area one of core's and the name the action's use
 * case. The OpenAPI document, the integration tests' answer checks and the remotes' typed client all read this
 * object: a new route is one `endpoint({...})` in its area's contract file (a test fails while a registered Koa
 * route is missing).
 */
export const API = {
  customer: merged(AREA_TABLES.customer),
  servers: merged(AREA_TABLES.servers),
  staff: merged(AREA_TABLES.staff),
  support: merged(AREA_TABLES.support),
  legal: merged(AREA_TABLES.legal),
  roblox: merged(AREA_TABLES.roblox),
  diagnostics: merged(AREA_TABLES.diagnostics),
} as const satisfies Record<keyof typeof AREA_TABLES, Record<string, Endpoint>>;

export type ApiArea = keyof typeof API;

/** How many endpoints the tables of each area hold, to prove that merging them hid none. */
export const AREA_TABLE_SIZES = Object.fromEntries(
  Object.entries(AREA_TABLES).map(([area, tables]) => [
    area,
    tables.reduce((sum, table: Record<string, Endpoint>) => sum + Object.keys(table).length, 0),
  ]),
) as Record<ApiArea, number>;

/** Titles of the areas in the OpenAPI document and the reference page. */
export const API_AREA_TITLES: Record<ApiArea, string> = {
  customer: 'Customers: the signed-in customer, sign-in, and staff work on customer accounts',
  servers: 'Discord servers and the bot',
  staff: 'Staff',
  support: 'Support',
  legal: 'Legal affairs',
  roblox: 'Roblox accounts, groups and workspaces',
  diagnostics: 'Health, status and the API reference',
};

export interface RegisteredEndpoint {
  area: ApiArea;
  name: string;
  endpoint: Endpoint;
}

/** The registry as a flat list, in area order. */
export function listEndpoints(): RegisteredEndpoint[] {
  return (Object.keys(API) as ApiArea[]).flatMap((area) =>
    Object.entries(API[area] as Record<string, Endpoint>).map(([name, endpoint]) => ({ area, name, endpoint })),
  );
}

const patternCache = new WeakMap<Endpoint, RegExp>();

function pathPattern(endpoint: Endpoint): RegExp {
  let pattern = patternCache.get(endpoint);
  if (!pattern) {
    const source = endpoint.path
      .split(/(:[A-Za-z0-9_]+)/)
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    pattern = new RegExp(`^${source}/?$`);
    patternCache.set(endpoint, pattern);
  }
  return pattern;
}

/**
 * The endpoint a request reaches, as Koa's router would pick it: literal paths before `:param` ones, so
 * `/api/legal/summary` is not taken for a record id.
 */
export function findEndpoint(method: string, pathname: string): RegisteredEndpoint | undefined {
  const upper = method.toUpperCase();
  const candidates = listEndpoints().filter(
    ({ endpoint }) => endpoint.method === upper && pathPattern(endpoint).test(pathname),
  );
  const params = (entry: RegisteredEndpoint) => entry.endpoint.path.split(':').length;
  return candidates.sort((a, b) => params(a) - params(b))[0];
}
