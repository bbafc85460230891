import type { z } from 'zod';
import type { StaffPermission } from '../staff/roles.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A staff step a member may still owe (an issued password to replace, two-factor to set up) yet call the route. */
export type StaffPendingStep = 'password' | 'mfa';

/**
 * Who may call a route; the server's guard table (adapters/src/http/route.ts) enforces it before the handler runs,
 * and the authorisation matrix checks every endpoint against it:
 * - `public`: anyone (a customer session, when present, is still read);
 * - `customer`: a signed-in customer (session cookie) whose account exists and is not banned;
 * - `staff`: an active staff member (bearer token) who owes no pending step;
 *   `{ staff: permission }` also needs that permission of the member's role;
 *   `{ staffPending: steps }` admits a member who still owes those steps;
 * - `staffStreamTicket`: a single-use ticket a staff member got for the event stream (`?ticket=`);
 * - `chatKey`: the holder of a ticket's chat key (X-Chat-Key header);
 * - `activityKey`: a game server holding a group's activity key (bearer).
 */
export type EndpointAuth =
  | 'public'
  | 'customer'
  | 'staff'
  | { staff: StaffPermission }
  | { staffPending: readonly StaffPendingStep[] }
  | 'staffStreamTicket'
  | 'chatKey'
  | 'activityKey'
  | 'attachmentLink';

/** The credential an endpoint's auth asks for, without its details: what the OpenAPI document names. */
export type AuthKind =
  'public' | 'customer' | 'staff' | 'staffStreamTicket' | 'chatKey' | 'activityKey' | 'attachmentLink';

export function authKind(auth: EndpointAuth): AuthKind {
  return typeof auth === 'string' ? auth : 'staff';
}

/**
 * One API route as server and remotes both see it: the server validates `body`/`query` and its tests check answers
 * against `response`; the OpenAPI document and the remotes' typed client are built from the same object.
 * `path` uses Koa's `:param` syntax.
 */
export interface Endpoint<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Res extends z.ZodType = z.ZodType,
> {
  method: M;
  path: P;
  summary: string;
  auth: EndpointAuth;
  /** The `:param` segments of `path` with their types; every segment is a string when absent. */
  params?: z.ZodType;
  body?: Body;
  query?: Query;
  /** The successful answer (`successStatus`, 200 unless set). */
  response: Res;
  successStatus?: number;
  /**
   * Further successful statuses answering the same `response`, each with what it means to the caller (a sync start
   * that joins the running sync answers 200, beside the 202 of one that begins it). The handler then answers
   * `{ status, body }`, its status one the endpoint declares.
   */
  otherStatuses?: Readonly<Record<number, string>>;
  /** Set on routes with a limit of their own, saying what it counts: a refusal answers 429 with Retry-After. */
  rateLimit?: string;
  /**
   * Set on server-sent event streams: `response` then describes the `data` of each event, as
   * `{ type: event name, data }` alternatives.
   */
  stream?: true;
  /**
   * Set on paged lists (docs/api.md): `response` is the array of one page, and the next page's cursor comes in
   * the X-Next-Cursor header, absent on the last page.
   */
  paged?: true;
  /** Set on routes that answer with a redirect (sign-in flows); `response` is `noContent`. */
  redirect?: true;
  /** Set on routes that answer with an HTML page; `response` is `z.string()`. */
  html?: true;
  /**
   * Where a caller without the customer session signs in; the 401 names it as `redirect` (GET /api/user), so
   * screens need not guess.
   */
  signIn?: string;
  /** Set on routes that answer with an image of this type; `response` is `z.string()` (the bytes). */
  image?: `image/${string}`;
  /** Set on routes whose request body is a file of one of these types, sent as is (not JSON). */
  upload?: readonly string[];
  /**
   * Set on routes that answer a stored file's bytes with its own Content-Type, a Range request with 206;
   * `response` is `z.string()`.
   */
  file?: true;
}

/** Every status a successful call of the endpoint may answer, `successStatus` first. */
export function successStatuses(endpoint: Pick<Endpoint, 'successStatus' | 'otherStatuses'>): number[] {
  return [endpoint.successStatus ?? 200, ...Object.keys(endpoint.otherStatuses ?? {}).map(Number)];
}

/** Keeps every literal type of the definition, so the client infers paths, bodies and answers. */
export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}

/** `'/api/tickets/:id/messages'` → `{ id: string | number }`. */
export type PathParams<P extends string> = P extends `${string}:${infer Param}/${infer Rest}`
  ? { [K in Param | keyof PathParams<`/${Rest}`>]: string | number }
  : P extends `${string}:${infer Param}`
    ? { [K in Param]: string | number }
    : Record<never, never>;

export type EndpointBody<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;
export type EndpointQuery<E extends Endpoint> = E['query'] extends z.ZodType ? z.input<E['query']> : undefined;
export type EndpointResponse<E extends Endpoint> = z.output<E['response']>;

/** Fills `:param` segments, encoding each value. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
