import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import type { Endpoint } from '@groupflow/core/contracts';
import type { ApiRateLimit } from './apiRateLimit.ts';
import type { Handler } from './fastRoutes.ts';
import { logRequest, requestIdOf } from './requestLogger.ts';

/**
 * A signed-in read served without Koa: registered by `leanRoute` (route.ts), which also serves it through Koa as
 * every route is served, with the same guard and handler.
 */
export interface LeanRead {
  endpoint: Endpoint;
  /** The endpoint's guard for the session's customer: throws when the customer is gone or banned. */
  caller(customerId: number): Promise<unknown>;
  /** The handler: the answer's body. */
  answer(caller: unknown): unknown;
}

/** What a lean read needs of the session cookie: koa-session's own cookie, signer and store. */
export interface LeanSession {
  cookie: string;
  signer: { index(data: string, digest: string): number };
  store: { get(id: string): Promise<Record<string, unknown> | undefined> };
}

export interface LeanReadSettings {
  session: LeanSession;
  /** The API rate limit Koa's chain applies, under the key Koa's chain would count the client by. */
  rateLimit?: ApiRateLimit;
  clientOf(request: IncomingMessage): string;
  /** Sent with every answer, as the app's own middleware sends them. */
  headers: Readonly<Record<string, string>>;
  /** An answer this large would be compressed: Koa's chain (koa-compress) serves it instead. */
  compressThresholdBytes: number;
  record?: (status: number, durationMs: number) => void;
  logger: Logger;
  /** Runs a request in its own unit of work, as Koa's chain does (its entity manager forked on first use). */
  unitOfWork<T>(work: () => Promise<T>): Promise<T>;
}

/** The value of cookie `name` as the `cookies` package reads it (the first one; quotes dropped). */
function cookieReader(name: string): (header: string) => string | undefined {
  const pattern = new RegExp(`(?:^|;) *${name.replace(/[-[\]{}()*+?.,\\^$|#\s]/g, '\\$&')}=([^;]*)`);
  return (header) => {
    const value = pattern.exec(header)?.[1];
    return value?.startsWith('"') ? value.slice(1, -1) : value;
  };
}

/**
 * The customer id of a plain signed-in session, as koa-session would find it; undefined whenever koa-session
 * would do anything more than read (no cookie, a signature by an older key that it re-signs, a missing or expired
 * session it replaces), so that Koa's chain answers those requests.
 */
function sessionReader({
  cookie,
  signer,
  store,
}: LeanSession): (request: IncomingMessage) => Promise<number | undefined> {
  const id = cookieReader(cookie);
  const signature = cookieReader(`${cookie}.sig`);
  /** The session id in a Cookie header signed by the newest key, if any. */
  const signedId = (header: string): string | undefined => {
    const value = id(header);
    const digest = signature(header);
    return value && digest && signer.index(`${cookie}=${value}`, digest) === 0 ? value : undefined;
  };
  // A keep-alive connection sends the same Cookie header call after call: it is read and its signature checked once.
  const lastSeen = new WeakMap<Socket, { header: string; value: string | undefined }>();
  return async (request) => {
    const header = request.headers.cookie;
    if (!header) return undefined;
    let seen = lastSeen.get(request.socket);
    if (seen?.header !== header) {
      seen = { header, value: signedId(header) };
      lastSeen.set(request.socket, seen);
    }
    if (seen.value === undefined) return undefined;
    const data = await store.get(seen.value);
    if (!data || (typeof data._expire === 'number' && data._expire < Date.now())) return undefined;
    return typeof data.customerId === 'number' ? data.customerId : undefined;
  };
}

/**
 * Signed-in reads answered straight from node:http, the way Fastify runs only a route's own hooks instead of an
 * app-wide chain (issue 37: about 45 Koa middleware dispatches and a Koa context cost a read four fifths of its
 * throughput). A request for a lean read's exact path (no query) is answered here when it is the plain case: a
 * valid session of a customer in good standing, within the rate limit, with an answer under the compression
 * threshold. Each step is the one Koa's chain runs (the session store with its lifetime rules, GetCurrentCustomer
 * with its ban check, the API rate limit, the request log, metrics, security headers); anything else is handed to
 * the Koa app untouched, before a byte is written, and Koa answers it as it answers every request. A request handed
 * over after the rate limit counted it (a refused limit, a failing handler, a large answer) is counted again there.
 */
export function withLeanReads(reads: readonly LeanRead[], settings: LeanReadSettings, app: Handler): Handler {
  if (reads.length === 0) return app;
  const byPath = new Map(reads.map((read) => [read.endpoint.path, read]));
  const customerIdOf = sessionReader(settings.session);
  // Flat name, value pairs: node:http takes them without building a header object per answer.
  const headers = Object.entries({
    ...settings.headers,
    'Cache-Control': 'no-store',
    'Content-Type': 'application/json; charset=utf-8',
    Vary: 'Accept-Encoding',
  }).flat();

  async function serve(read: LeanRead, request: IncomingMessage, response: ServerResponse): Promise<boolean> {
    const started = performance.now();
    const customerId = await customerIdOf(request);
    if (customerId === undefined) return false;
    const caller = await read.caller(customerId);
    if (settings.rateLimit) await settings.rateLimit(settings.clientOf(request));
    const body = JSON.stringify(await read.answer(caller));
    const length = Buffer.byteLength(body);
    if (length >= settings.compressThresholdBytes) return false;
    const reqId = requestIdOf(request.headers['x-request-id'] as string | undefined);
    const status = read.endpoint.successStatus ?? 200;
    response.writeHead(status, [...headers, 'Content-Length', String(length), 'X-Request-Id', reqId]);
    response.end(body);
    settings.record?.(status, performance.now() - started);
    logRequest(settings.logger, { reqId, method: 'GET', path: read.endpoint.path, status, started });
    return true;
  }

  return (request, response) => {
    const read = request.method === 'GET' ? byPath.get(request.url ?? '') : undefined;
    if (read === undefined) return app(request, response);
    const handOver = () => app(request, response);
    settings
      .unitOfWork(() => serve(read, request, response))
      .then(
        (served) => served || handOver(),
        (error: unknown) => {
          if (!response.headersSent) return handOver();
          settings.logger.error({ err: error, path: read.endpoint.path }, 'request failed');
        },
      );
  };
}
