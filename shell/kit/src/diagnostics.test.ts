import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  classifyResponse,
  installFetchDiagnostics,
  isConnectionIssue,
  onDiagnostic,
  type DiagnosticReport,
} from './diagnostics.ts';
import { request } from './request.ts';

describe('classifyResponse (spec 3 section 7)', () => {
  it.each([
    ['/api/user', 200, null],
    ['/api/user', 401, 'auth'],
    ['/api/user/profile', 401, 'auth'],
    ['/api/bots', 401, 'connection'],
    ['/api/user', 500, 'server'],
    ['/api/health', 503, 'server'],
    ['/api/servers', 404, 'connection'],
    ['/api/support/create-public', 400, 'connection'],
    ['/api/user', 403, 'connection'],
  ] as const)('%s answering %i is %s', (url, status, kind) => {
    expect(classifyResponse(url, status)).toBe(kind);
  });
});

describe('installFetchDiagnostics', () => {
  let reports: DiagnosticReport[];
  let answer: () => Promise<Response>;
  let target: EventTarget & { fetch: typeof fetch };
  let undo: () => void;
  let unsubscribe: () => void;

  beforeEach(() => {
    reports = [];
    answer = async () => new Response('{}', { status: 200 });
    target = Object.assign(new EventTarget(), { fetch: (() => answer()) as typeof fetch });
    undo = installFetchDiagnostics(target as unknown as Window & typeof globalThis);
    unsubscribe = onDiagnostic((report) => reports.push(report));
  });
  afterEach(() => {
    undo();
    unsubscribe();
    vi.unstubAllGlobals();
  });

  it('reports nothing for OK answers and classifies failed ones with their status', async () => {
    await target.fetch('/api/health');
    answer = async () => new Response('nope', { status: 401, statusText: 'Unauthorized' });
    await target.fetch('/api/user');
    answer = async () => new Response('', { status: 502, statusText: 'Bad Gateway' });
    await target.fetch(new URL('http://localhost/api/status'));
    expect(reports.map((r) => [r.kind, r.url, r.status, r.message])).toEqual([
      ['auth', '/api/user', 401, '401: Unauthorized'],
      ['server', 'http://localhost/api/status', 502, '502: Bad Gateway'],
    ]);
    expect(reports.map(isConnectionIssue)).toEqual([false, true]);
  });

  it('reports a network exception as a connection error and rethrows it, once even if it goes unhandled', async () => {
    const failure = new TypeError('Failed to fetch');
    answer = async () => {
      throw failure;
    };
    await expect(target.fetch('/api/user')).rejects.toBe(failure);
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: failure }));
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({
      kind: 'connection',
      url: '/api/user',
      status: null,
      message: 'Failed to fetch',
    });
    expect(isConnectionIssue(reports[0]!)).toBe(true);
  });

  it('does not report a call its caller aborted', async () => {
    answer = async () => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    };
    await expect(target.fetch('/api/status')).rejects.toThrow('aborted');
    expect(reports).toEqual([]);
  });

  it('reports unhandled errors and rejections that mention fetch, and ignores the others', () => {
    target.dispatchEvent(
      Object.assign(new Event('error'), { message: 'NetworkError when attempting to fetch resource.' }),
    );
    target.dispatchEvent(Object.assign(new Event('error'), { message: 'x is not a function' }));
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('fetch failed') }));
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('quota exceeded') }));
    expect(reports.map((r) => [r.kind, r.message])).toEqual([
      ['connection', 'NetworkError when attempting to fetch resource.'],
      ['connection', 'fetch failed'],
    ]);
  });

  it('sees the calls of the shared request helper, which still fails with "STATUS: body"', async () => {
    vi.stubGlobal('fetch', target.fetch);
    answer = async () => new Response('{"message":"Internal server error"}', { status: 500 });
    await expect(request('/api/servers')).rejects.toThrow('500: {"message":"Internal server error"}');
    expect(reports).toMatchObject([{ kind: 'server', url: '/api/servers', status: 500 }]);
  });
});
