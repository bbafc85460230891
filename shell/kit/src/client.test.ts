import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod';
import { endpoint } from '@groupflow/core/contracts';
import { apiClient, endpointUrl, isStaffEndpoint } from './client.ts';
import { STAFF_TOKEN_KEY } from './request.ts';

const ticketMessages = endpoint({
  method: 'POST',
  path: '/api/support/tickets/:id/messages',
  summary: 'Reply to a ticket',
  auth: 'staff',
  body: z.object({ message: z.string().min(1) }),
  response: z.object({ id: z.number(), message: z.string() }),
});
const tickets = endpoint({
  method: 'GET',
  path: '/api/support/tickets',
  summary: 'List tickets',
  auth: 'staff',
  query: z.object({ status: z.string().optional(), cursor: z.coerce.number().optional() }),
  response: z.object({ tickets: z.array(z.object({ id: z.number() })), nextCursor: z.number().nullable() }),
});
const user = endpoint({
  method: 'GET',
  path: '/api/user',
  summary: 'The signed-in customer',
  auth: 'customer',
  response: z.object({ id: z.string() }),
});
const remove = endpoint({
  method: 'DELETE',
  path: '/api/support/tickets/:id',
  summary: 'Delete a ticket',
  auth: 'staff',
  response: z.undefined(),
  successStatus: 204,
});

let calls: [string, RequestInit | undefined][];
let answer: () => Response;
const storage = new Map<string, string>();

beforeEach(() => {
  calls = [];
  answer = () => new Response('{}', { status: 200 });
  storage.clear();
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push([url, init]);
    return answer();
  });
  vi.stubGlobal('localStorage', { getItem: (key: string) => storage.get(key) ?? null });
});
afterEach(() => vi.unstubAllGlobals());

describe('apiClient.call', () => {
  it('fills path parameters, sends the body as JSON with the staff bearer and returns the typed answer', async () => {
    storage.set(STAFF_TOKEN_KEY, 'tok');
    answer = () => new Response('{"id":7,"message":"hi"}', { status: 201 });
    const sent = await apiClient.call(ticketMessages, { params: { id: 12 }, body: { message: 'hi' } });
    expectTypeOf(sent).toEqualTypeOf<{ id: number; message: string }>();
    expect(sent).toEqual({ id: 7, message: 'hi' });
    const [url, init] = calls[0]!;
    expect(url).toBe('/api/support/tickets/12/messages');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"message":"hi"}');
    expect(init?.credentials).toBe('include');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('appends the set query values and leaves out empty ones', async () => {
    answer = () => new Response('{"tickets":[],"nextCursor":null}');
    await apiClient.call(tickets, { query: { status: 'open', cursor: undefined } });
    await apiClient.call(tickets);
    expect(calls.map(([url]) => url)).toEqual(['/api/support/tickets?status=open', '/api/support/tickets']);
  });

  it('encodes path parameters', () => {
    expect(endpointUrl(ticketMessages, { id: 'a/b' })).toBe('/api/support/tickets/a%2Fb/messages');
  });

  it('answers undefined for 204', async () => {
    answer = () => new Response(null, { status: 204 });
    await expect(apiClient.call(remove, { params: { id: 3 } })).resolves.toBeUndefined();
  });

  it('fails with "STATUS: body"', async () => {
    answer = () => new Response('{"message":"Ticket not found"}', { status: 404 });
    await expect(apiClient.call(remove, { params: { id: 3 } })).rejects.toThrow('404: {"message":"Ticket not found"}');
  });

  it('refuses at compile time what the endpoint does not declare', () => {
    // @ts-expect-error the body must match the endpoint's schema
    const wrongBody = apiClient.call(ticketMessages, { params: { id: 1 }, body: { text: 'x' } });
    // @ts-expect-error path parameters are required
    const noParams = apiClient.call(ticketMessages, { body: { message: 'x' } });
    // @ts-expect-error a route without a body takes none
    const extraBody = apiClient.call(user, { body: { id: 'x' } });
    return Promise.allSettled([wrongBody, noParams, extraBody]).then(([, missing]) => {
      expect(missing).toMatchObject({
        status: 'rejected',
        reason: new Error('Missing path parameter id for /api/support/tickets/:id/messages'),
      });
    });
  });
});

describe('apiClient.callOr401', () => {
  it('returns null on 401 and the answer otherwise', async () => {
    answer = () => new Response('{"message":"Not signed in"}', { status: 401 });
    await expect(apiClient.callOr401(user)).resolves.toBeNull();
    answer = () => new Response('{"id":"u1"}');
    const signedIn = await apiClient.callOr401(user);
    expectTypeOf(signedIn).toEqualTypeOf<{ id: string } | null>();
    expect(signedIn).toEqual({ id: 'u1' });
  });

  it('still fails on other errors', async () => {
    answer = () => new Response('', { status: 500, statusText: 'Internal Server Error' });
    await expect(apiClient.callOr401(user)).rejects.toThrow('500: Internal Server Error');
  });
});

describe('isStaffEndpoint', () => {
  it('sends the bearer for a staff endpoint, one needing a permission or a pending step, and nothing else', () => {
    const route = (auth: unknown) => ({ method: 'GET', path: '/x', auth }) as never;
    expect(isStaffEndpoint(route('staff'))).toBe(true);
    expect(isStaffEndpoint(route({ staff: 'tickets.manage' }))).toBe(true);
    expect(isStaffEndpoint(route({ staffPending: ['password'] }))).toBe(true);
    for (const auth of ['public', 'customer', 'chatKey', 'activityKey', 'staffStreamTicket'])
      expect(isStaffEndpoint(route(auth))).toBe(false);
  });
});
