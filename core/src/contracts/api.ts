import { customerAuthEndpoints, customerEndpoints } from './customer.ts';
import { customerAccountEndpoints } from './customerAccounts.ts';
import { devOAuthEndpoints } from './devOAuth.ts';
import { discordEndpoints } from './discord.ts';
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

/**
 * Every route the API serves, by area. The OpenAPI document, the integration tests' answer checks and the
 * remotes' typed client all read this object: a new route is one `endpoint({...})` in its area's contract file,
 * listed here (a test fails while a registered Koa route is missing).
 */
export const API = {
  customer: customerEndpoints,
  customerAuth: customerAuthEndpoints,
  discord: discordEndpoints,
  staff: staffEndpoints,
  customerAccounts: customerAccountEndpoints,
  support: supportEndpoints,
  legal: legalEndpoints,
  roblox: robloxEndpoints,
  workspace: workspaceEndpoints,
  workspaceQuotas: workspaceQuotaEndpoints,
  workspaceSessions: workspaceSessionEndpoints,
  workspaceApplications: workspaceApplicationEndpoints,
  workspaceFeed: workspaceFeedEndpoints,
  workspaceDocuments: workspaceDocumentEndpoints,
  workspaceAnalytics: workspaceAnalyticsEndpoints,
  health: healthEndpoints,
  reference: referenceEndpoints,
  devOAuth: devOAuthEndpoints,
} as const satisfies Record<string, Record<string, Endpoint>>;

export type ApiArea = keyof typeof API;

/** Titles of the areas in the OpenAPI document and the reference page. */
export const API_AREA_TITLES: Record<ApiArea, string> = {
  customer: 'Customer',
  customerAuth: 'Customer sign-in',
  discord: 'Discord bot and servers',
  staff: 'Staff',
  customerAccounts: 'Staff: customer accounts (bans and roles)',
  support: 'Support',
  legal: 'Legal affairs',
  roblox: 'Roblox accounts, groups and workspaces',
  workspace: 'Group workspace: ranking, audit trail, notifications',
  workspaceQuotas: 'Group workspace: quotas, auto promotion, time off',
  workspaceSessions: 'Group workspace: scheduled sessions, hosts and sign-ups',
  workspaceApplications: 'Group workspace: application review',
  workspaceFeed: 'Group workspace: activity feed',
  workspaceDocuments: 'Group workspace: documents',
  workspaceAnalytics: 'Group workspace: analytics',
  health: 'Health and diagnostics',
  reference: 'API reference',
  devOAuth: 'Development OAuth (outside production only)',
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
