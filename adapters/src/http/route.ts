import Router from '@koa/router';
import type { Context } from 'koa';
import type { z } from 'zod';
import {
  NotFound,
  requirePermission,
  Unauthenticated,
  type AuthenticateStaff,
  type GetCurrentCustomer,
  type Page,
  type PendingStepOptions,
  type PublicCustomer,
  type RedeemStreamTicket,
  type StaffMember,
  type StaffStreamGrant,
} from '@groupflow/core';
import {
  authKind,
  CHAT_KEY_HEADER,
  chatKeyHeadersSchema,
  type AuthKind,
  type Endpoint,
  type EndpointAuth,
  type EndpointResponse,
  noContent,
} from '@groupflow/core/contracts';
import { sessionCustomerId } from './auth/customerSession.ts';
import { bearerToken } from './auth/staffAuth.ts';
import type { LeanRead } from './leanReads.ts';
import { answerPage } from './paging.ts';
import { validate } from './validate.ts';

/** What the guards need to check credentials; a router is given those its endpoints' `auth` asks for. */
export interface GuardDeps {
  /** `customer`: the session's account, refused when gone or banned. */
  getCurrentCustomer?: GetCurrentCustomer;
  /** `staff` in each of its forms. */
  authenticateStaff?: AuthenticateStaff;
  /** `staffStreamTicket`. */
  redeemStreamTicket?: RedeemStreamTicket;
}

/** Who the guard let through, as each kind of `auth` knows them. */
export interface PublicCaller {
  /** A visitor's session is not required, but read: some public answers differ for a signed-in customer. */
  customerId: number | undefined;
}
export interface CustomerCaller {
  customerId: number;
  customer: PublicCustomer;
}
export interface StaffCaller {
  staff: StaffMember;
  /** The bearer token the member called with (logout ends it; a password change keeps it). */
  token: string;
}
export interface StreamTicketCaller {
  grant: StaffStreamGrant;
}
export interface ChatKeyCaller {
  chatKey: string;
}
export interface ActivityKeyCaller {
  /** Checked against the group by the use case: only it knows the group's key. */
  activityKey: string;
}
export interface AttachmentLinkCaller {
  /** The link's token; the use case checks it opens the attachment the path names. */
  access: string;
}

interface CallerOf {
  public: PublicCaller;
  customer: CustomerCaller;
  staff: StaffCaller;
  staffStreamTicket: StreamTicketCaller;
  chatKey: ChatKeyCaller;
  activityKey: ActivityKeyCaller;
  attachmentLink: AttachmentLinkCaller;
}

type KindOf<A extends EndpointAuth> = A extends AuthKind ? A : 'staff';
export type Caller<E extends Endpoint> = CallerOf[KindOf<E['auth']>];

type Guard<K extends AuthKind> = (ctx: Context, endpoint: Endpoint, deps: GuardDeps) => Promise<CallerOf[K]>;

function needed<T>(dependency: T | undefined, name: keyof GuardDeps, endpoint: Endpoint): T {
  // Caught when the router is built, never at a request: a route that cannot check its callers must not start.
  if (dependency === undefined) throw new Error(`${endpoint.method} ${endpoint.path} needs ${name} for its guard`);
  return dependency;
}

function pendingSteps(auth: EndpointAuth): PendingStepOptions {
  if (typeof auth !== 'object' || !('staffPending' in auth)) return {};
  return {
    allowPendingPasswordChange: auth.staffPending.includes('password'),
    allowPendingMfaEnrollment: auth.staffPending.includes('mfa'),
  };
}

async function customerCaller(
  customerId: number | undefined,
  endpoint: Endpoint,
  deps: GuardDeps,
): Promise<CustomerCaller> {
  try {
    const customer = await needed(deps.getCurrentCustomer, 'getCurrentCustomer', endpoint).execute(customerId);
    return { customerId: customer.id, customer };
  } catch (error) {
    if (error instanceof Unauthenticated && endpoint.signIn !== undefined) {
      throw new Unauthenticated(error.code, error.message, { redirect: endpoint.signIn });
    }
    throw error;
  }
}

/**
 * The guard table: the one place where an endpoint's declared `auth` becomes a check. Each guard answers 401/403
 * (or 400 for a credential missing from the request's own fields) before the handler, or any input validation,
 * runs, so a caller without the right learns nothing about the input's shape.
 */
const GUARDS: { [K in AuthKind]: Guard<K> } = {
  public: async (ctx) => ({ customerId: sessionCustomerId(ctx) }),

  customer: (ctx, endpoint, deps) => customerCaller(sessionCustomerId(ctx), endpoint, deps),

  staff: async (ctx, endpoint, deps) => {
    const token = bearerToken(ctx);
    const staff = await needed(deps.authenticateStaff, 'authenticateStaff', endpoint).execute(
      token,
      pendingSteps(endpoint.auth),
    );
    if (typeof endpoint.auth === 'object' && 'staff' in endpoint.auth) requirePermission(staff, endpoint.auth.staff);
    return { staff, token: token ?? '' };
  },

  // The URL carries a single-use ticket, never the staff token: a URL lands in logs and browser history.
  staffStreamTicket: async (ctx, endpoint, deps) => {
    if (endpoint.query === undefined) throw new Error(`${endpoint.path}: a stream ticket comes in the query`);
    const { ticket } = validate(endpoint.query, ctx.query) as { ticket: string };
    return { grant: await needed(deps.redeemStreamTicket, 'redeemStreamTicket', endpoint).execute(ticket) };
  },

  // A header, never the URL; a missing key is a 400 naming it, a wrong one the use case's 404.
  chatKey: async (ctx) => ({ chatKey: validate(chatKeyHeadersSchema, ctx.headers)[CHAT_KEY_HEADER] }),

  activityKey: async (ctx) => {
    const activityKey = bearerToken(ctx);
    if (activityKey === undefined) throw new Unauthenticated('ROBLOX.ACTIVITY_KEY_INVALID', 'Invalid activity key');
    return { activityKey };
  },

  // A <video> element sends no header of ours: the link's token rides in the URL, short-lived and for one file.
  attachmentLink: async (ctx, endpoint) => {
    if (endpoint.query === undefined) throw new Error(`${endpoint.path}: an attachment link comes in the query`);
    return { access: (validate(endpoint.query, ctx.query) as { access: string }).access };
  },
};

/** Dates travel as ISO text (Date#toJSON), so a handler may answer a Date wherever the contract says text. */
export type Serialisable<T> = T extends string
  ? string extends T
    ? T | Date
    : T
  : T extends readonly (infer Item)[]
    ? readonly Serialisable<Item>[]
    : T extends object
      ? { [K in keyof T]: Serialisable<T[K]> }
      : T;

type Response<E extends Endpoint> = EndpointResponse<E>;

/** The body a handler answers for its endpoint: the endpoint's response, typed from its schema. */
type Body<E extends Endpoint> = E['stream'] extends true
  ? void
  : E['file'] extends true
    ? void
    : E['paged'] extends true
      ? Page<Serialisable<Response<E> extends readonly (infer Item)[] ? Item : never>>
      : E['image'] extends string
        ? Uint8Array
        : Response<E> extends undefined
          ? void
          : Serialisable<Response<E>>;

/** The statuses an endpoint declares for success: `successStatus` (200 unless set) and its `otherStatuses`. */
type DeclaredStatus<E extends Endpoint> =
  (E['successStatus'] extends number ? E['successStatus'] : 200) | (keyof E['otherStatuses'] & number);

/** What a handler returns: the body, with the status it chose when the endpoint declares more than one. */
export type Answer<E extends Endpoint> =
  E['otherStatuses'] extends Readonly<Record<number, string>> ? { status: DeclaredStatus<E>; body: Body<E> } : Body<E>;

type Parsed<S, Absent> = S extends z.ZodType ? z.output<S> : Absent;

/** One call as the handler sees it: the checked caller and the input parsed by the endpoint's own schemas. */
export interface Call<E extends Endpoint> {
  params: Parsed<E['params'], Record<string, string>>;
  query: Parsed<E['query'], undefined>;
  body: Parsed<E['body'], undefined>;
  caller: Caller<E>;
  /** For what the contract does not carry: the client address, cookies, redirects, event streams. */
  ctx: Context;
}

export type Handler<E extends Endpoint> = (call: Call<E>) => Answer<E> | Promise<Answer<E>>;

const guardDepsOf = new WeakMap<Router, GuardDeps>();
const leanReadsOf = new WeakMap<Router, LeanRead[]>();

/** The router's reads registered by `leanRoute`, for the lean dispatcher in front of Koa (createHttpApp). */
export const leanReads = (router: Router): readonly LeanRead[] => leanReadsOf.get(router) ?? [];

/** A router whose routes are registered through `route`, with what its endpoints' guards need. */
export function apiRouter(deps: GuardDeps = {}): Router {
  const router = new Router();
  guardDepsOf.set(router, deps);
  return router;
}

const METHOD = { GET: 'get', POST: 'post', PUT: 'put', PATCH: 'patch', DELETE: 'delete' } as const;

/** Writes the handler's answer as the endpoint's kind of answer says. */
function answer(ctx: Context, endpoint: Endpoint, answered: unknown): void {
  // A stream and a file (sendFile: ranges) have answered by themselves, a redirect has set its status and Location.
  if (endpoint.stream || endpoint.redirect || endpoint.file) return;
  const { status, body: result } = endpoint.otherStatuses
    ? (answered as { status: number; body: unknown })
    : { status: endpoint.successStatus, body: answered };
  if (endpoint.paged) answerPage(ctx, result as Page<unknown>);
  else if (endpoint.image) {
    // The handler may name the exact type the bytes came with.
    if (!ctx.type) ctx.type = endpoint.image;
    ctx.body = Buffer.from(result as Uint8Array);
  } else if (endpoint.html) {
    ctx.type = 'html';
    ctx.body = result;
  } else ctx.body = result;
  if (status !== undefined) ctx.status = status;
  // A handler that set an ETag gets conditional GETs for free: a revalidation that matches ends in a 304.
  if (ctx.response.get('ETag') && ctx.fresh) ctx.status = 304;
}

/**
 * The one way a route is served: method and path from the endpoint, its `auth` checked by the guard table, its
 * params, query and body parsed by its own schemas (a 400 `{ code, message, issues }` otherwise), and the
 * handler's answer typed as, and written as, the endpoint's response.
 */
export function route<E extends Endpoint>(router: Router, endpoint: E, handler: Handler<E>): void {
  const deps = guardDepsOf.get(router);
  if (deps === undefined) throw new Error(`${endpoint.path}: register routes on a router made by apiRouter()`);
  const kind = authKind(endpoint.auth);
  const guard = GUARDS[kind] as Guard<AuthKind>;
  if (kind === 'customer') needed(deps.getCurrentCustomer, 'getCurrentCustomer', endpoint);
  if (kind === 'staff') needed(deps.authenticateStaff, 'authenticateStaff', endpoint);
  if (kind === 'staffStreamTicket') needed(deps.redeemStreamTicket, 'redeemStreamTicket', endpoint);
  router[METHOD[endpoint.method]](endpoint.path, async (ctx) => {
    // API answers are per caller; a route that may be cached says so itself.
    ctx.set('Cache-Control', 'no-store');
    const caller = await guard(ctx, endpoint, deps);
    // Each field is its schema's output; TypeScript cannot follow that through the generic endpoint.
    const call = {
      params: endpoint.params ? validate(endpoint.params, ctx.params) : ctx.params,
      query: endpoint.query ? validate(endpoint.query, ctx.query) : undefined,
      body: endpoint.body ? validate(endpoint.body, ctx.request.body) : undefined,
      caller,
      ctx,
    } as unknown as Call<E>;
    answer(ctx, endpoint, await handler(call));
  });
}

/**
 * Answers every other method and path under `prefix` as the area's endpoints would a caller without `auth`, and
 * with a 404 a caller who has it: an area's unknown paths leak nothing to a caller who may not use the area.
 */
export function refuseUnknown(router: Router, area: { prefix: string; name: string; auth: EndpointAuth }): void {
  const { prefix, name, auth } = area;
  const deps = guardDepsOf.get(router);
  if (deps === undefined) throw new Error(`${prefix}: register routes on a router made by apiRouter()`);
  const anyRoute: Endpoint = { method: 'GET', path: prefix, summary: '', auth, response: noContent };
  const guard = GUARDS[authKind(auth)] as Guard<AuthKind>;
  router.all([prefix, `${prefix}/{*rest}`], async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    await guard(ctx, anyRoute, deps);
    throw new NotFound('REQUEST.NO_ROUTE', `No ${name} route for ${ctx.method} ${ctx.path}`);
  });
}

/** A read a lean dispatcher can serve: a customer's GET with no input, answering plain JSON. */
type LeanEndpoint = Endpoint & { method: 'GET'; auth: 'customer' };

/**
 * `route` for a signed-in customer's read that needs nothing but its caller: served through Koa like every route,
 * and also straight from node:http by the lean dispatcher (leanReads.ts) when the request is the plain case.
 * Refused at start-up for an endpoint with input or with any answer but plain JSON.
 */
export function leanRoute<E extends LeanEndpoint>(
  router: Router,
  endpoint: E,
  handler: (call: { caller: CustomerCaller }) => Answer<E> | Promise<Answer<E>>,
): void {
  const { params, query, body, stream, file, redirect, paged, image, html, otherStatuses } = endpoint;
  const input = [params, query, body].some((schema) => schema !== undefined);
  const plainJson = !stream && !file && !redirect && !paged && !image && !html && !otherStatuses;
  if (input || !plainJson || endpoint.path.includes(':')) {
    throw new Error(`${endpoint.path}: a lean read takes no input and answers plain JSON`);
  }
  route(router, endpoint, ({ caller }) => handler({ caller: caller as CustomerCaller }));
  const deps = guardDepsOf.get(router)!;
  const reads = leanReadsOf.get(router) ?? [];
  reads.push({
    endpoint,
    caller: (customerId) => customerCaller(customerId, endpoint, deps),
    answer: (caller) => handler({ caller: caller as CustomerCaller }),
  });
  leanReadsOf.set(router, reads);
}
