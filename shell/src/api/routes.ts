import type { EndpointRoute } from '@groupflow/shell-kit';
import type { API } from '@groupflow/core/contracts';

// The shell's own calls, as the routes of their endpoints. The shell's pages (the landing page above all) stay
// without zod and the contract schemas, so they cannot import the endpoint objects; each route here is checked
// against its endpoint's type instead, so a path, method or auth that changes in the contract fails the typecheck.

export type GetUser = typeof API.customer.getUser;
export const GET_USER = {
  method: 'GET',
  path: '/api/user',
  auth: 'customer',
} as const satisfies EndpointRoute<GetUser>;

export type GetRemotes = typeof API.diagnostics.getRemotes;
export const GET_REMOTES = {
  method: 'GET',
  path: '/api/remotes',
  auth: 'public',
} as const satisfies EndpointRoute<GetRemotes>;

/** The diagnostics' probes: they report the raw answer (status, body, unreachable), so they read it themselves. */
export const GET_HEALTH = {
  method: 'GET',
  path: '/api/health',
  auth: 'public',
} as const satisfies EndpointRoute<typeof API.diagnostics.getHealth>;
export const GET_DEBUG = {
  method: 'GET',
  path: '/api/debug',
  auth: 'public',
} as const satisfies EndpointRoute<typeof API.customer.getDebug>;
export const GET_STATUS = {
  method: 'GET',
  path: '/api/status',
  auth: 'public',
} as const satisfies EndpointRoute<typeof API.diagnostics.getSystemStatus>;
export const GET_DISCORD_CONFIG = {
  method: 'GET',
  path: '/api/test-discord-config',
  auth: 'public',
} as const satisfies EndpointRoute<typeof API.customer.getDiscordConfig>;
