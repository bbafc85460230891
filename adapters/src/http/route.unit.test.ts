/**
 * The seam every API route goes through (route.ts): each kind of `auth` in the guard table refuses a caller without
 * the credential and one with a wrong credential and lets the right one through; the guard runs before any input is
 * parsed; each kind of answer is written as its endpoint declares; a router that cannot check its callers refuses to
 * start. The guards' use cases are fakes with the real ones' refusals, and the app holds only the error mapping, a
 * JSON body parser and a stand-in session: no database, so the whole file runs in milliseconds. The authorisation
 * matrix (services/test/authorisationMatrix.int.test.ts) checks every real endpoint against the real use cases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Koa from 'koa';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import { createServer, type Server } from 'node:http';
import { Readable } from 'node:stream';
import { pino } from 'pino';
import { z } from 'zod';
import {
  AccountBanned,
  Forbidden,
  Unauthenticated,
  type AuthenticateStaff,
  type GetCurrentCustomer,
  type PendingStepOptions,
  type PublicCustomer,
  type RedeemStreamTicket,
  type StaffMember,
} from '@groupflow/core';
import { CHAT_KEY_HEADER, decodeCursor, endpoint, NEXT_CURSOR_HEADER, noContent } from '@groupflow/core/contracts';
import { errorHandler } from './errors.ts';
import { sendFile } from './fileTransfer.ts';
import { apiRouter, leanReads, leanRoute, refuseUnknown, route, type GuardDeps } from './route.ts';

/** The stand-in for koa-session: the session's customer id comes in this header. */
const SESSION_HEADER = 'x-test-session';
const ALICE = { id: 1, username: 'alice' } as PublicCustomer;
const BANNED_ID = 2;

const member = (id: number, role: StaffMember['role'], mustChangePassword = false) =>
  ({ id, role, isActive: true, mustChangePassword }) as StaffMember;
const STAFF_TOKENS: Record<string, StaffMember> = {
  'owner-token': member(1, 'platform_owner'),
  'support-token': member(2, 'customer_support'),
  'issued-password-token': member(3, 'customer_support', true),
};
const STREAM_TICKET = 'stream-ticket';

/** The guards' use cases, refusing as the real ones do (their own tests hold the rules). */
const customers = {
  async execute(customerId: number | undefined) {
    if (customerId === BANNED_ID) throw new AccountBanned('Scam links');
    if (customerId !== ALICE.id) throw new Unauthenticated('AUTH.SIGN_IN_REQUIRED');
    return ALICE;
  },
} as unknown as GetCurrentCustomer;
const staffSessions = {
  async execute(token: string | undefined, options: PendingStepOptions = {}) {
    if (token === undefined) throw new Unauthenticated('STAFF.TOKEN_MISSING', 'No token');
    const found = STAFF_TOKENS[token];
    if (found === undefined) throw new Unauthenticated('STAFF.TOKEN_INVALID', 'Invalid token');
    if (found.mustChangePassword && !options.allowPendingPasswordChange) {
      throw new Forbidden('STAFF.PASSWORD_CHANGE_REQUIRED', 'Set a new password before continuing');
    }
    return found;
  },
} as unknown as AuthenticateStaff;
const streamTickets = {
  async execute(ticket: string) {
    if (ticket !== STREAM_TICKET) {
      throw new Unauthenticated('SUPPORT.STREAM_TICKET_INVALID', 'Invalid or used stream ticket');
    }
    return { member: STAFF_TOKENS['support-token']!, stillAllowed: async () => true };
  },
} as unknown as RedeemStreamTicket;
const ALL_DEPS: GuardDeps = {
  getCurrentCustomer: customers,
  authenticateStaff: staffSessions,
  redeemStreamTicket: streamTickets,
};

const okSchema = z.object({ ok: z.boolean() });
const who = z.object({ who: z.unknown() });
const get = <const P extends string>(path: P) => ({ method: 'GET', path, summary: path }) as const;

/** One endpoint per kind of `auth`, each answering who the guard let through. */
const GUARDED = {
  public: endpoint({ ...get('/api/t/public'), auth: 'public', response: who }),
  customer: endpoint({ ...get('/api/t/customer'), auth: 'customer', response: who }),
  customerSignIn: endpoint({ ...get('/api/t/customer-sign-in'), auth: 'customer', signIn: '/login', response: who }),
  staff: endpoint({ ...get('/api/t/staff'), auth: 'staff', response: who }),
  permission: endpoint({ ...get('/api/t/maintenance'), auth: { staff: 'maintenance' }, response: who }),
  pending: endpoint({ ...get('/api/t/password'), auth: { staffPending: ['password'] }, response: who }),
  streamTicket: endpoint({
    ...get('/api/t/events'),
    auth: 'staffStreamTicket',
    query: z.strictObject({ ticket: z.string().min(1) }),
    response: who,
  }),
  chatKey: endpoint({ ...get('/api/t/chat'), auth: 'chatKey', response: who }),
  activityKey: endpoint({ ...get('/api/t/activity'), auth: 'activityKey', response: who }),
  attachmentLink: endpoint({
    ...get('/api/t/attachment'),
    auth: 'attachmentLink',
    query: z.strictObject({ access: z.string().min(1).max(20) }),
    response: who,
  }),
};

const validated = endpoint({
  method: 'POST',
  path: '/api/t/validated/:id',
  summary: 'validated',
  auth: 'customer',
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: z.strictObject({ title: z.string().min(1) }),
  response: z.object({ id: z.number(), title: z.string() }),
});

const ANSWERS = {
  json: endpoint({ ...get('/api/t/json'), auth: 'public', response: okSchema }),
  created: endpoint({
    method: 'POST',
    path: '/api/t/created',
    summary: 'created',
    auth: 'public',
    response: okSchema,
    successStatus: 201,
  }),
  noContent: endpoint({
    method: 'DELETE',
    path: '/api/t/gone',
    summary: 'gone',
    auth: 'public',
    response: noContent,
    successStatus: 204,
  }),
  chosen: endpoint({
    method: 'POST',
    path: '/api/t/chosen',
    summary: 'chosen',
    auth: 'public',
    response: okSchema,
    successStatus: 202,
    otherStatuses: { 200: 'joined the running one' },
  }),
  paged: endpoint({
    ...get('/api/t/paged'),
    auth: 'public',
    response: z.array(z.object({ id: z.number() })),
    paged: true,
  }),
  image: endpoint({ ...get('/api/t/image'), auth: 'public', response: z.string(), image: 'image/png' }),
  html: endpoint({ ...get('/api/t/html'), auth: 'public', response: z.string(), html: true }),
  stream: endpoint({ ...get('/api/t/stream'), auth: 'public', response: z.object({}), stream: true }),
  file: endpoint({ ...get('/api/t/file'), auth: 'public', response: z.string(), file: true }),
  redirect: endpoint({ ...get('/api/t/redirect'), auth: 'public', response: noContent, redirect: true }),
  etag: endpoint({ ...get('/api/t/etag'), auth: 'public', response: okSchema }),
};

const FILE_BYTES = Buffer.from('0123456789');
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);

let handlerRuns = 0;

function routers(): Router[] {
  const router = apiRouter(ALL_DEPS);
  for (const guarded of Object.values(GUARDED)) {
    route(router, guarded, ({ caller }) => {
      handlerRuns += 1;
      return { who: caller };
    });
  }
  route(router, validated, ({ params, body }) => ({ id: params.id, title: body.title }));
  route(router, ANSWERS.json, () => ({ ok: true }));
  route(router, ANSWERS.created, () => ({ ok: true }));
  route(router, ANSWERS.noContent, () => undefined);
  route(router, ANSWERS.chosen, ({ ctx }) => ({
    status: ctx.query.join ? (200 as const) : (202 as const),
    body: { ok: true },
  }));
  route(router, ANSWERS.paged, ({ ctx }) => ({
    items: [{ id: 9 }, { id: 8 }],
    nextCursor: ctx.query.last ? null : { id: 8 },
  }));
  route(router, ANSWERS.image, () => PNG_BYTES);
  route(router, ANSWERS.html, () => '<h1>Reference</h1>');
  route(router, ANSWERS.stream, ({ ctx }) => {
    ctx.type = 'text/event-stream';
    ctx.body = Readable.from(['id: 1\n\n', 'data: {}\n\n']);
  });
  route(router, ANSWERS.file, ({ ctx }) =>
    sendFile(ctx, { size: FILE_BYTES.length, contentType: 'video/webm' }, async (start, length) =>
      FILE_BYTES.subarray(start, start + length),
    ),
  );
  route(router, ANSWERS.redirect, ({ ctx }) => ctx.redirect('/elsewhere'));
  route(router, ANSWERS.etag, ({ ctx }) => {
    ctx.set('ETag', '"v1"');
    return { ok: true };
  });
  refuseUnknown(router, { prefix: '/api/t/staff-area', name: 'staff', auth: 'staff' });
  return [router];
}

let server: Server;
let base: string;

beforeAll(async () => {
  const app = new Koa();
  app.silent = true;
  app.use(errorHandler(pino({ level: 'silent' })));
  app.use(bodyParser({ enableTypes: ['json'] }));
  app.use(async (ctx, next) => {
    const id = ctx.get(SESSION_HEADER);
    Object.assign(ctx, { session: id ? { customerId: Number(id) } : null });
    await next();
  });
  for (const router of routers()) app.use(router.routes());
  server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function call(path: string, init: RequestInit = {}) {
  const response = await fetch(`${base}${path}`, { redirect: 'manual', ...init });
  const type = response.headers.get('content-type') ?? '';
  const body: unknown = type.includes('json') ? await response.json() : await response.text();
  return { status: response.status, headers: response.headers, body };
}

const session = (customerId: number) => ({ [SESSION_HEADER]: String(customerId) });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

interface GuardCase {
  name: string;
  path: string;
  headers: Record<string, string>;
  status: number;
  /** The refusal's code, or exactly what the handler saw of the caller. */
  answer: { code: string } | { who: unknown };
}

const none = {};
/** A caller the guard refuses, with the code of the refusal. */
const refused = (name: string, path: string, headers: Record<string, string>, status: number, code: string) => ({
  name,
  path,
  headers,
  status,
  answer: { code },
});
/** A caller the guard lets through, with the `caller` the handler receives. */
const admitted = (name: string, path: string, headers: Record<string, string>, who: unknown) => ({
  name,
  path,
  headers,
  status: 200,
  answer: { who },
});
const staffCaller = (token: string) => ({ staff: STAFF_TOKENS[token], token });

const GUARD_CASES: GuardCase[] = [
  admitted('public without a session', '/api/t/public', none, {}),
  admitted('public reads a session it does not require', '/api/t/public', session(ALICE.id), { customerId: ALICE.id }),
  admitted('public with the session of an unknown account', '/api/t/public', session(99), { customerId: 99 }),

  refused('customer without a session', '/api/t/customer', none, 401, 'AUTH.SIGN_IN_REQUIRED'),
  refused('customer with a banned account', '/api/t/customer', session(BANNED_ID), 403, 'AUTH.ACCOUNT_BANNED'),
  admitted('customer signed in', '/api/t/customer', session(ALICE.id), { customerId: ALICE.id, customer: ALICE }),

  refused('staff without a token', '/api/t/staff', none, 401, 'STAFF.TOKEN_MISSING'),
  refused('staff with a token never issued', '/api/t/staff', bearer('forged'), 401, 'STAFF.TOKEN_INVALID'),
  admitted('staff with a session', '/api/t/staff', bearer('support-token'), staffCaller('support-token')),

  refused('a permission without a token', '/api/t/maintenance', none, 401, 'STAFF.TOKEN_MISSING'),
  refused(
    'a permission the role lacks',
    '/api/t/maintenance',
    bearer('support-token'),
    403,
    'STAFF.PERMISSION_REQUIRED',
  ),
  admitted('a permission the role carries', '/api/t/maintenance', bearer('owner-token'), staffCaller('owner-token')),

  refused(
    'a member owing a new password, on any other staff route',
    '/api/t/staff',
    bearer('issued-password-token'),
    403,
    'STAFF.PASSWORD_CHANGE_REQUIRED',
  ),
  admitted(
    'a member owing a new password, on a route admitting that step',
    '/api/t/password',
    bearer('issued-password-token'),
    staffCaller('issued-password-token'),
  ),

  refused('a stream without its ticket', '/api/t/events', none, 400, 'REQUEST.INVALID'),
  refused('a stream with a used ticket', '/api/t/events?ticket=used', none, 401, 'SUPPORT.STREAM_TICKET_INVALID'),
  admitted('a stream with its ticket', `/api/t/events?ticket=${STREAM_TICKET}`, none, {
    grant: { member: STAFF_TOKENS['support-token'] },
  }),

  refused('a chat without its key', '/api/t/chat', none, 400, 'REQUEST.INVALID'),
  refused(
    'a chat with a key no ticket could hold',
    '/api/t/chat',
    { [CHAT_KEY_HEADER]: 'k'.repeat(201) },
    400,
    'REQUEST.INVALID',
  ),
  admitted(
    'a chat with a key, left to the use case to match',
    '/api/t/chat',
    { [CHAT_KEY_HEADER]: 'chat-key' },
    {
      chatKey: 'chat-key',
    },
  ),

  refused('game activity without a key', '/api/t/activity', none, 401, 'ROBLOX.ACTIVITY_KEY_INVALID'),
  refused(
    'game activity with a key that is no bearer',
    '/api/t/activity',
    { Authorization: 'Basic a2V5' },
    401,
    'ROBLOX.ACTIVITY_KEY_INVALID',
  ),
  admitted('game activity with a key, left to the use case to match', '/api/t/activity', bearer('activity-key'), {
    activityKey: 'activity-key',
  }),

  refused('an attachment link without its token', '/api/t/attachment', none, 400, 'REQUEST.INVALID'),
  refused(
    'an attachment link with a token no link carries',
    `/api/t/attachment?access=${'a'.repeat(21)}`,
    none,
    400,
    'REQUEST.INVALID',
  ),
  admitted('an attachment link with its token', '/api/t/attachment?access=link-token', none, { access: 'link-token' }),
];

describe('route(): the guard table', () => {
  it.each(GUARD_CASES)('$name: $status', async ({ path, headers, status, answer }) => {
    const runsBefore = handlerRuns;
    const response = await call(path, { headers });
    expect(response.status).toBe(status);
    // What the handler saw exactly; a refusal's code (its message is the use case's).
    if ('who' in answer) expect(response.body).toEqual(answer);
    else expect(response.body).toMatchObject(answer);
    // A refused caller never reaches the handler.
    expect(handlerRuns - runsBefore).toBe(status === 200 ? 1 : 0);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('names where to sign in when the endpoint says so', async () => {
    await expect(call('/api/t/customer-sign-in')).resolves.toMatchObject({
      status: 401,
      body: { code: 'AUTH.SIGN_IN_REQUIRED', redirect: '/login' },
    });
  });

  it("answers an area's unknown paths as its guard would, and with a 404 only to a caller who may use the area", async () => {
    await expect(call('/api/t/staff-area/nothing')).resolves.toMatchObject({
      status: 401,
      body: { code: 'STAFF.TOKEN_MISSING' },
    });
    await expect(call('/api/t/staff-area/nothing', { headers: bearer('owner-token') })).resolves.toMatchObject({
      status: 404,
      body: { code: 'REQUEST.NO_ROUTE' },
    });
  });
});

describe('route(): the guard comes before validation', () => {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    call(path, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'Content-Type': 'application/json', ...headers },
    });

  it('refuses a caller without the right before reading the input, so the input teaches them nothing', async () => {
    await expect(post('/api/t/validated/abc', { title: '', extra: 1 })).resolves.toMatchObject({
      status: 401,
      body: { code: 'AUTH.SIGN_IN_REQUIRED' },
    });
  });

  it("parses a let-through caller's params and body with the endpoint's schemas: a 400 naming the field", async () => {
    const fieldsOf = (body: unknown) => (body as { issues: { path: unknown[] }[] }).issues.map((issue) => issue.path);
    const badParams = await post('/api/t/validated/abc', { title: 'Hi' }, session(ALICE.id));
    expect([badParams.status, badParams.body]).toMatchObject([400, { code: 'REQUEST.INVALID' }]);
    expect(fieldsOf(badParams.body)).toEqual([['id']]);
    const badBody = await post('/api/t/validated/7', { title: '' }, session(ALICE.id));
    expect([badBody.status, fieldsOf(badBody.body)]).toEqual([400, [['title']]]);
    await expect(post('/api/t/validated/7', { title: 'Hi' }, session(ALICE.id))).resolves.toMatchObject({
      status: 200,
      body: { id: 7, title: 'Hi' },
    });
  });
});

describe('route(): each kind of answer', () => {
  it('json: the body as JSON with the default 200, or the successStatus the endpoint declares', async () => {
    const json = await call('/api/t/json');
    expect([json.status, json.headers.get('content-type'), json.body]).toEqual([
      200,
      'application/json; charset=utf-8',
      { ok: true },
    ]);
    await expect(call('/api/t/created', { method: 'POST' })).resolves.toMatchObject({
      status: 201,
      body: { ok: true },
    });
    await expect(call('/api/t/gone', { method: 'DELETE' })).resolves.toMatchObject({ status: 204, body: '' });
  });

  it('status: a handler of an endpoint with other statuses answers the one it chose', async () => {
    await expect(call('/api/t/chosen', { method: 'POST' })).resolves.toMatchObject({ status: 202, body: { ok: true } });
    await expect(call('/api/t/chosen?join=1', { method: 'POST' })).resolves.toMatchObject({
      status: 200,
      body: { ok: true },
    });
  });

  it('paged: the rows as the body, the next cursor in its header, none on the last page', async () => {
    const first = await call('/api/t/paged');
    expect(first.body).toEqual([{ id: 9 }, { id: 8 }]);
    expect(decodeCursor(first.headers.get(NEXT_CURSOR_HEADER)!)).toEqual({ id: 8 });
    const last = await call('/api/t/paged?last=1');
    expect(last.headers.has(NEXT_CURSOR_HEADER)).toBe(false);
  });

  it('image: the bytes with the endpoint’s image type', async () => {
    const response = await fetch(`${base}/api/t/image`);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG_BYTES);
  });

  it('html: the page as text/html', async () => {
    const response = await call('/api/t/html');
    expect([response.status, response.headers.get('content-type'), response.body]).toEqual([
      200,
      'text/html; charset=utf-8',
      '<h1>Reference</h1>',
    ]);
  });

  it('stream: what the handler opened goes out untouched', async () => {
    const response = await call('/api/t/stream');
    expect([response.status, response.headers.get('content-type'), response.body]).toEqual([
      200,
      'text/event-stream; charset=utf-8',
      'id: 1\n\ndata: {}\n\n',
    ]);
  });

  it('file: the handler’s own status and type, a range answered 206', async () => {
    const whole = await call('/api/t/file');
    expect([whole.status, whole.headers.get('content-type'), whole.body]).toEqual([200, 'video/webm', '0123456789']);
    const part = await call('/api/t/file', { headers: { Range: 'bytes=2-5' } });
    expect([part.status, part.headers.get('content-range'), part.body]).toEqual([206, 'bytes 2-5/10', '2345']);
  });

  it('redirect: the status and Location the handler set', async () => {
    const response = await call('/api/t/redirect');
    expect([response.status, response.headers.get('location')]).toEqual([302, '/elsewhere']);
  });

  it('ETag: a revalidation that matches ends in a 304 without a body, any other gets the answer', async () => {
    // fetch adds Cache-Control: no-cache to a conditional request unless it names one, as a browser's reload does.
    const revalidate = (etag: string) => ({ headers: { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' } });
    const fresh = await call('/api/t/etag', revalidate('"v1"'));
    expect([fresh.status, fresh.body]).toEqual([304, '']);
    const stale = await call('/api/t/etag', revalidate('"v0"'));
    expect([stale.status, stale.headers.get('etag'), stale.body]).toEqual([200, '"v1"', { ok: true }]);
  });
});

describe('route(): a router that cannot check its callers refuses to start', () => {
  const cases = [
    { kind: 'customer', dependency: 'getCurrentCustomer', guarded: GUARDED.customer },
    { kind: 'staff', dependency: 'authenticateStaff', guarded: GUARDED.permission },
    { kind: 'staffStreamTicket', dependency: 'redeemStreamTicket', guarded: GUARDED.streamTicket },
  ] as const;

  it.each(cases)('a $kind route without $dependency', ({ dependency, guarded }) => {
    const { [dependency]: _missing, ...others } = ALL_DEPS;
    expect(() => route(apiRouter(others), guarded, () => ({ who: null }))).toThrow(
      `GET ${guarded.path} needs ${dependency} for its guard`,
    );
  });

  it('a route on a router apiRouter() did not make, which holds no guard dependencies at all', () => {
    expect(() => route(new Router(), GUARDED.public, () => ({ who: null }))).toThrow(
      `${GUARDED.public.path}: register routes on a router made by apiRouter()`,
    );
  });
});

describe('leanRoute(): only a read that needs nothing but its caller may skip Koa', () => {
  const read = { method: 'GET', auth: 'customer', summary: '', response: z.object({ id: z.number() }) } as const;

  it('registers a plain read both ways: on the router, and for the lean dispatcher with the same guard', async () => {
    const router = apiRouter(ALL_DEPS);
    leanRoute(router, endpoint({ ...read, path: '/api/lean' }), ({ caller }) => ({ id: caller.customerId }));
    const [registered] = leanReads(router);
    expect(router.stack.map((layer) => layer.path)).toEqual(['/api/lean']);
    expect(await registered!.answer(await registered!.caller(ALICE.id))).toEqual({ id: ALICE.id });
    await expect(registered!.caller(BANNED_ID)).rejects.toBeInstanceOf(AccountBanned);
  });

  it.each([
    ['params', { path: '/api/lean/:id', params: z.object({ id: z.string() }) }],
    ['a query', { path: '/api/lean', query: z.object({ q: z.string() }) }],
    ['a paged answer', { path: '/api/lean', paged: true }],
    ['other statuses', { path: '/api/lean', otherStatuses: { 202: 'later' } }],
  ] as const)('refuses to start for an endpoint with %s', (_, shape) => {
    expect(() => leanRoute(apiRouter(ALL_DEPS), endpoint({ ...read, ...shape }), () => ({ id: 1 }))).toThrow(
      'a lean read takes no input and answers plain JSON',
    );
  });
});
