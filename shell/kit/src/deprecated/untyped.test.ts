import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError, STAFF_TOKEN_KEY } from '../request.ts';
import { apiRequest, getQueryFn } from './untyped.ts';

type FetchArgs = [string, RequestInit | undefined];

let calls: FetchArgs[];
let answer: Response;
const storage = new Map<string, string>();

beforeEach(() => {
  calls = [];
  answer = new Response('{}', { status: 200 });
  storage.clear();
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push([url, init]);
    return answer;
  });
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
  });
});
afterEach(() => vi.unstubAllGlobals());

const headersOf = (index = 0) => (calls[index]?.[1]?.headers ?? {}) as Record<string, string>;

describe('apiRequest', () => {
  it('sends credentials always and a JSON content type only with a body', async () => {
    await apiRequest('/api/user');
    await apiRequest('/api/support/create-public', 'POST', { name: 'a' });
    expect(calls[0]?.[1]?.credentials).toBe('include');
    expect(headersOf(0)['Content-Type']).toBeUndefined();
    expect(headersOf(1)['Content-Type']).toBe('application/json');
    expect(calls[1]?.[1]?.body).toBe('{"name":"a"}');
  });

  it('adds the stored staff token as a bearer header only for staff, legal, maintenance, ticket and test-email paths', async () => {
    storage.set(STAFF_TOKEN_KEY, 'tok');
    await apiRequest('/api/staff/all');
    await apiRequest('/api/discord/maintenance/status');
    await apiRequest('/api/user');
    await apiRequest('/api/legal/cases', 'POST', {});
    await apiRequest('/api/support/tickets');
    await apiRequest('/api/support/tickets/4/claim', 'POST');
    await apiRequest('/api/support/create-public', 'POST', {});
    await apiRequest('/api/test-email', 'POST', {});
    expect(headersOf(0).Authorization).toBe('Bearer tok');
    expect(headersOf(1).Authorization).toBe('Bearer tok');
    expect(headersOf(2).Authorization).toBeUndefined();
    expect(headersOf(3).Authorization).toBe('Bearer tok');
    expect(headersOf(4).Authorization).toBe('Bearer tok');
    expect(headersOf(5).Authorization).toBe('Bearer tok');
    expect(headersOf(6).Authorization).toBeUndefined();
    expect(headersOf(7).Authorization).toBe('Bearer tok');
  });

  it('fails with "STATUS: body", or the status text when the body is empty', async () => {
    answer = new Response('{"message":"nope"}', { status: 403 });
    const withBody = await apiRequest('/api/staff/all').catch((error: unknown) => error);
    expect(withBody).toBeInstanceOf(HttpError);
    expect((withBody as Error).message).toBe('403: {"message":"nope"}');
    expect((withBody as HttpError).serverMessage).toBe('nope');

    answer = new Response('', { status: 502, statusText: 'Bad Gateway' });
    await expect(apiRequest('/api/health')).rejects.toThrow('502: Bad Gateway');
  });
});

describe('getQueryFn', () => {
  const run = (on401: 'returnNull' | 'throw') => getQueryFn<unknown>({ on401 })({ queryKey: ['/api/user'] } as never);

  it('returns null on 401 when asked to', async () => {
    answer = new Response('{"message":"Not signed in"}', { status: 401 });
    await expect(run('returnNull')).resolves.toBeNull();
  });

  it('fails on 401 by default', async () => {
    answer = new Response('{"message":"Not signed in"}', { status: 401 });
    await expect(run('throw')).rejects.toThrow('401: {"message":"Not signed in"}');
  });
});
