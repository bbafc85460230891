import { listEndpoints, type Endpoint } from '@groupflow/core/contracts';

let names: WeakMap<Endpoint, readonly [string, string]> | undefined;

/**
 * The endpoint's place in the API table (`['support', 'listTickets']`). An endpoint outside the table (a test's
 * own) is named by its method and path, so it still has a key of its own.
 */
function nameOf(definition: Endpoint): readonly [string, string] {
  names ??= new WeakMap(listEndpoints().map(({ area, name, endpoint }) => [endpoint, [area, name] as const]));
  return names.get(definition) ?? [definition.method, definition.path];
}

/**
 * The key prefix of every query of an endpoint, whatever its arguments: what an invalidation names.
 * `['support', 'listTickets']`.
 */
export function endpointPrefix(definition: Endpoint): readonly unknown[] {
  return nameOf(definition);
}

/** The parts of a call that decide its answer (a CallOptions of the endpoint); the body never does for a query. */
export interface KeyArgs {
  params?: object;
  query?: unknown;
  headers?: Record<string, string>;
}

/**
 * The remotes' one query-key scheme, derived from the endpoint: area and name in the API table, then the call's
 * path parameters, query and headers when it has any. `endpointKey(API.support.listMessages, { params: { id: 4 } })`
 * is `['support', 'listMessages', { params: { id: 4 } }]`; the same call always has the same key, so a query, an
 * invalidation and a `setQueryData` cannot drift apart.
 */
export function endpointKey(definition: Endpoint, options?: KeyArgs | void): readonly unknown[] {
  const args: Record<string, unknown> = {};
  if (options?.params !== undefined) args.params = options.params;
  if (options?.query !== undefined) args.query = options.query;
  // A chat key decides what the answer is, so two keys never share a cache entry.
  if (options?.headers !== undefined) args.headers = options.headers;
  return Object.keys(args).length === 0 ? endpointPrefix(definition) : [...endpointPrefix(definition), args];
}

/** What an invalidation may name: an endpoint (every call of it) or a key made with endpointKey/endpointPrefix. */
export type InvalidationTarget = Endpoint | readonly unknown[];

export const targetKey = (target: InvalidationTarget): readonly unknown[] =>
  Array.isArray(target) ? target : endpointPrefix(target as Endpoint);
