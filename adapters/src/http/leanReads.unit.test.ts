import { afterEach, describe, expect, it } from 'vitest';
import { Agent, createServer, request, type Server } from 'node:http';
import { pino } from 'pino';
import { Forbidden, TooManyAttempts } from '@groupflow/core';
import { API } from '@groupflow/core/contracts';
import { withLeanReads, type LeanRead, type LeanReadSettings } from './leanReads.ts';

const COOKIE = 'groupflow.sid';
const GOOD_SIGNATURE = 'good';
const OLD_KEY_SIGNATURE = 'old';
const HEADERS = { 'X-Content-Type-Options': 'nosniff' };
let server: Server | undefined;
/** Calls over one kept-alive connection, as a browser sends its calls. */
let connection: Agent | undefined;
afterEach(() => {
  connection?.destroy();
  return new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

interface Options {
  sessions?: Record<string, Record<string, unknown>>;
  caller?: (customerId: number) => Promise<unknown>;
  answer?: (caller: unknown) => unknown;
  rateLimit?: (client: string) => Promise<void>;
  compressThresholdBytes?: number;
}

/** The lean reads in front of an "app" that answers 418, so a test tells who answered. */
async function makeSut(options: Options = {}) {
  const sessions = options.sessions ?? { s1: { customerId: 7 } };
  const recorded: number[] = [];
  const limited: string[] = [];
  const read: LeanRead = {
    endpoint: API.customer.getUser,
    caller: options.caller ?? (async (customerId) => ({ customerId })),
    answer: options.answer ?? ((caller) => ({ you: caller })),
  };
  const settings: LeanReadSettings = {
    session: {
      cookie: COOKIE,
      signer: { index: (_, digest) => [GOOD_SIGNATURE, OLD_KEY_SIGNATURE].indexOf(digest) },
      store: { get: async (id) => sessions[id] },
    },
    rateLimit: async (client) => {
      limited.push(client);
      await options.rateLimit?.(client);
    },
    clientOf: () => '127.0.0.1',
    headers: HEADERS,
    compressThresholdBytes: options.compressThresholdBytes ?? 1024,
    record: (status) => recorded.push(status),
    logger: pino({ level: 'silent' }),
    unitOfWork: (work) => work(),
  };
  server = createServer(
    withLeanReads([read], settings, (_, response) => {
      response.writeHead(418).end('app');
    }),
  );
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const call = (path: string, cookie?: string, init: RequestInit = {}) =>
    fetch(`${base}${path}`, { ...init, headers: cookie ? { cookie } : {} });
  connection = new Agent({ keepAlive: true, maxSockets: 1 });
  const callOnOneConnection = (cookie: string) =>
    new Promise<number>((resolve, reject) => {
      const sent = request(`${base}/api/user`, { agent: connection, headers: { cookie } }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode!));
      });
      sent.on('error', reject).end();
    });
  return { call, callOnOneConnection, recorded, limited };
}

const signedIn = (id = 's1', signature = GOOD_SIGNATURE) => `other=1; ${COOKIE}=${id}; ${COOKIE}.sig=${signature}`;

describe('withLeanReads', () => {
  it('answers a valid session of a customer in good standing with the JSON, the app’s headers, a request id, and counts it', async () => {
    const { call, recorded, limited } = await makeSut();
    const response = await call('/api/user', signedIn());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ you: { customerId: 7 } });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(recorded).toEqual([200]);
    expect(limited).toEqual(['127.0.0.1']);
  });

  it.each([
    ['no cookie', undefined],
    ['no signature', `${COOKIE}=s1`],
    ['a forged signature', signedIn('s1', 'forged')],
    ['a signature by an older key (koa-session re-signs it)', signedIn('s1', OLD_KEY_SIGNATURE)],
    ['an unknown session', signedIn('gone')],
  ])('hands %s to the app, before counting the call', async (_, cookie) => {
    const { call, recorded, limited } = await makeSut();
    const response = await call('/api/user', cookie);
    expect(response.status).toBe(418);
    expect(recorded).toEqual([]);
    expect(limited).toEqual([]);
  });

  it('reads the Cookie header of every call on a kept connection, not only its first', async () => {
    const { callOnOneConnection } = await makeSut({ sessions: { s1: { customerId: 7 }, s2: { customerId: 8 } } });
    expect(await callOnOneConnection(signedIn())).toBe(200);
    expect(await callOnOneConnection(signedIn('s1', 'forged'))).toBe(418);
    expect(await callOnOneConnection(signedIn('s2', 'forged'))).toBe(418);
    expect(await callOnOneConnection(signedIn('s2'))).toBe(200);
    expect(await callOnOneConnection(signedIn())).toBe(200);
  });

  it('hands an expired session or one without a customer (a sign-in under way) to the app', async () => {
    const { call } = await makeSut({ sessions: { old: { customerId: 7, _expire: Date.now() - 1 }, visitor: {} } });
    expect((await call('/api/user', signedIn('old'))).status).toBe(418);
    expect((await call('/api/user', signedIn('visitor'))).status).toBe(418);
  });

  it('hands a customer the guard refuses (banned, gone) to the app, which answers why', async () => {
    const { call, limited } = await makeSut({
      caller: async () => {
        throw new Forbidden('AUTH.ACCOUNT_BANNED', 'banned');
      },
    });
    expect((await call('/api/user', signedIn())).status).toBe(418);
    expect(limited).toEqual([]);
  });

  it('hands a call over the rate limit, a failing handler and an answer to be compressed to the app', async () => {
    const limitedSut = await makeSut({
      rateLimit: async () => {
        throw new TooManyAttempts('REQUEST.RATE_LIMITED', 'slow down', 1);
      },
    });
    expect((await limitedSut.call('/api/user', signedIn())).status).toBe(418);
    server!.close();
    const failing = await makeSut({
      answer: () => {
        throw new Error('database gone');
      },
    });
    expect((await failing.call('/api/user', signedIn())).status).toBe(418);
    server!.close();
    const large = await makeSut({ answer: () => ({ text: 'x'.repeat(2000) }) });
    expect((await large.call('/api/user', signedIn())).status).toBe(418);
  });

  it('leaves other paths, a query string and other methods to the app', async () => {
    const { call } = await makeSut();
    expect((await call('/api/user/profile', signedIn())).status).toBe(418);
    expect((await call('/api/user?fresh=1', signedIn())).status).toBe(418);
    expect((await call('/api/user', signedIn(), { method: 'HEAD' })).status).toBe(418);
    expect((await call('/api/user', signedIn(), { method: 'POST' })).status).toBe(418);
  });
});
