import type { QueryFunction } from '@tanstack/react-query';

/** Key under which the staff login stores its bearer token (spec 2: "staff token kept in local storage"). */
export const STAFF_TOKEN_KEY = 'staffToken';
export const STAFF_USER_KEY = 'staffUser';

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

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Error raised for any non-OK response; message is "STATUS: body" as spec 3 section 7 requires. */
export class HttpError extends Error {
  readonly status: number;
  readonly body: string;
  constructor(status: number, body: string) {
    super(`${status}: ${body}`);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
  }

  /** The server's `{ message }` when the body is JSON, else the raw text. */
  get serverMessage(): string | undefined {
    try {
      const parsed: unknown = JSON.parse(this.body);
      if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
        return parsed.message;
      }
    } catch {
      return this.body || undefined;
    }
    return undefined;
  }
}

function authHeaders(path: string): Record<string, string> {
  if (!BEARER_PREFIXES.some((prefix) => path.startsWith(prefix))) return {};
  const token = globalThis.localStorage?.getItem(STAFF_TOKEN_KEY);
  return token ? { Authorization: `Bearer ${token}` } : {};
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = await response.text();
  throw new HttpError(response.status, text || response.statusText);
}

/**
 * The shared request helper: a JSON body with its content type (a Blob goes as is, with its own type), credentials
 * always, bearer for staff paths.
 */
export async function apiRequest(
  path: string,
  method: HttpMethod = 'GET',
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...extraHeaders, ...authHeaders(path) };
  // A file (an upload route) goes as it is, typed by its own type; anything else as JSON.
  const file = body instanceof Blob ? body : undefined;
  if (file) headers['Content-Type'] = file.type;
  else if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, {
    method,
    headers,
    body: file ?? (body === undefined ? undefined : JSON.stringify(body)),
    credentials: 'include',
  });
  await throwIfNotOk(response);
  return response;
}

/** Convenience over apiRequest for JSON answers; a 204 answers undefined. */
export async function apiJson<T>(path: string, method: HttpMethod = 'GET', body?: unknown): Promise<T> {
  const response = await apiRequest(path, method, body);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The default data fetch: GET on the first element of the query key. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const path = String(queryKey[0]);
    const response = await fetch(path, { credentials: 'include', headers: authHeaders(path) });
    if (on401 === 'returnNull' && response.status === 401) return null;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}
