import type { QueryFunction } from '@tanstack/react-query';
import { HttpError, request, type HttpMethod } from '../request.ts';

// DEPRECATED (issue 24 item 2): calls by path string, with an answer type the caller asserts. Only mf-customer still
// imports these, through @groupflow/shell-kit/deprecated, until its screens move to useEndpointQuery /
// useEndpointMutation; this file and that entry are deleted then. Nothing new may import them (eslint forbids it
// outside mf-customer).

/**
 * '/api/support/tickets' covers the staff ticket calls; its one anonymous call (the login page's password-reset
 * request) is accepted by the server with or without the header.
 */
const BEARER_PREFIXES = [
  '/api/staff/',
  '/api/legal/',
  '/api/discord/maintenance/',
  '/api/support/tickets',
  '/api/support/analytics',
  '/api/support/events/ticket',
  '/api/test-email',
];

const isStaffPath = (path: string) => BEARER_PREFIXES.some((prefix) => path.startsWith(prefix));

/** @deprecated Call through an endpoint object: `apiClient.call(API.area.name, …)` or the kit's query hooks. */
export function apiRequest(
  path: string,
  method: HttpMethod = 'GET',
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  return request(path, { method, body, headers: extraHeaders, bearer: isStaffPath(path) });
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** @deprecated Use `useEndpointQuery` (or `useCurrentCustomer` for GET /api/user). */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const path = String(queryKey[0]);
    try {
      const response = await request(path, { bearer: isStaffPath(path) });
      return (await response.json()) as T;
    } catch (error) {
      if (on401 === 'returnNull' && error instanceof HttpError && error.status === 401) return null;
      throw error;
    }
  };
}
