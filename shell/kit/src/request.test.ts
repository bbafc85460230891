import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError, request, STAFF_TOKEN_KEY } from './request.ts';

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

describe('request', () => {
  it('sends credentials always, a JSON content type only with a body, and the staff bearer only when asked', async () => {
    storage.set(STAFF_TOKEN_KEY, 'tok');
    await request('/api/user');
    await request('/api/support/create-public', { method: 'POST', body: { name: 'a' } });
    await request('/api/staff/all', { bearer: true });
    expect(calls[0]?.[1]?.credentials).toBe('include');
    expect(headersOf(0)['Content-Type']).toBeUndefined();
    expect(headersOf(0).Authorization).toBeUndefined();
    expect(headersOf(1)['Content-Type']).toBe('application/json');
    expect(calls[1]?.[1]?.body).toBe('{"name":"a"}');
    expect(headersOf(1).Authorization).toBeUndefined();
    expect(headersOf(2).Authorization).toBe('Bearer tok');
  });

  it('fails with "STATUS: body", or the status text when the body is empty', async () => {
    answer = new Response('{"message":"nope"}', { status: 403 });
    const withBody = await request('/api/staff/all').catch((error: unknown) => error);
    expect(withBody).toBeInstanceOf(HttpError);
    expect((withBody as Error).message).toBe('403: {"message":"nope"}');
    expect((withBody as HttpError).serverMessage).toBe('nope');

    answer = new Response('', { status: 502, statusText: 'Bad Gateway' });
    await expect(request('/api/health')).rejects.toThrow('502: Bad Gateway');
  });

  it("keeps a refusal's Retry-After seconds, so a screen can say when to try again", async () => {
    answer = new Response('{"code":"REQUEST.RATE_LIMITED"}', { status: 429, headers: { 'Retry-After': '90' } });
    const refused = (await request('/api/remotes').catch((error: unknown) => error)) as HttpError;
    expect(refused.retryAfterSeconds).toBe(90);
    answer = new Response('{}', { status: 403 });
    expect(((await request('/api/remotes').catch((error: unknown) => error)) as HttpError).retryAfterSeconds).toBe(
      undefined,
    );
  });
});

describe('HttpError', () => {
  it('reads the code, message and field issues of the error body', () => {
    const error = new HttpError(
      400,
      JSON.stringify({
        code: 'STAFF.EMAIL_TAKEN',
        message: 'Email already in use',
        issues: [{ path: ['email'], message: 'Email already in use' }, { nonsense: true }],
      }),
    );
    expect(error.code).toBe('STAFF.EMAIL_TAKEN');
    expect(error.serverMessage).toBe('Email already in use');
    expect(error.issues).toEqual([{ path: ['email'], message: 'Email already in use' }]);
  });

  it('has no code nor issues when the body is not the error body', () => {
    const text = new HttpError(502, 'Bad Gateway');
    expect(text.code).toBeUndefined();
    expect(text.issues).toEqual([]);
    expect(text.serverMessage).toBe('Bad Gateway');
    expect(new HttpError(500, '{"code":7}').code).toBeUndefined();
  });
});

describe('HttpError across copies of the kit', () => {
  it('is recognised by instanceof whichever bundled copy of the class made it', async () => {
    vi.resetModules();
    // A query string makes the module graph load the file a second time, as a remote bundles its own copy.
    const copy = './request.ts?copy';
    const { HttpError: OtherCopy } = (await import(/* @vite-ignore */ copy)) as typeof import('./request.ts');
    const error: unknown = new OtherCopy(404, '{"message":"gone"}');
    expect(OtherCopy).not.toBe(HttpError);
    expect(error instanceof HttpError).toBe(true);
    expect(new Error('plain') instanceof HttpError).toBe(false);
  });
});
