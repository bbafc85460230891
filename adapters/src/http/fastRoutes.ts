import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Endpoint } from '@groupflow/core/contracts';
import { errorBody, INTERNAL_ERROR_MESSAGE } from './errors.ts';

/** A JSON answer of a fast route: its status and body (already serialised). */
export interface FastAnswer {
  status: number;
  json: string;
}

/**
 * A route answered straight from node:http, before Koa builds a context or any middleware runs: for what load
 * balancers and monitors poll all the time (GET /api/health), so a poll costs next to nothing. Fast routes take no
 * cookies, query or body; the app still gives their answers its security headers and counts them in its metrics.
 */
export interface FastRoute {
  /** Names the route for the OpenAPI coverage check and the route inventory. */
  endpoints: readonly Endpoint[];
  /** The answer to a GET (or HEAD) of `path`. */
  path: string;
  answer(): FastAnswer | Promise<FastAnswer>;
}

export interface FastRouteSettings {
  /** Sent with every fast answer, as the app's own middleware sends them with every other. */
  headers: Readonly<Record<string, string>>;
  record?: (status: number, durationMs: number) => void;
  /** A fast route that throws is answered 500, like any route, and reported here. */
  onError: (error: unknown, path: string) => void;
}

export type Handler = (request: IncomingMessage, response: ServerResponse) => unknown;

const pathOf = (url: string | undefined) => {
  const end = url?.indexOf('?') ?? -1;
  return end === -1 ? url : url!.slice(0, end);
};

/** Puts the fast routes in front of the app's request handler. */
export function withFastRoutes(routes: readonly FastRoute[], settings: FastRouteSettings, app: Handler): Handler {
  if (routes.length === 0) return app;
  const byPath = new Map(routes.map((route) => [route.path, route]));
  const send = (response: ServerResponse, head: boolean, started: number, { status, json }: FastAnswer) => {
    response.writeHead(status, {
      ...settings.headers,
      'Cache-Control': 'no-store',
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(json),
    });
    response.end(head ? undefined : json);
    settings.record?.(status, performance.now() - started);
  };
  return (request, response) => {
    const route =
      request.method === 'GET' || request.method === 'HEAD' ? byPath.get(pathOf(request.url) ?? '') : undefined;
    if (route === undefined) return app(request, response);
    const started = performance.now();
    const head = request.method === 'HEAD';
    const failed = (error: unknown) => {
      settings.onError(error, route.path);
      send(response, head, started, {
        status: 500,
        json: JSON.stringify(errorBody('SERVER.INTERNAL', INTERNAL_ERROR_MESSAGE)),
      });
    };
    try {
      const answer = route.answer();
      if (answer instanceof Promise) answer.then((ready) => send(response, head, started, ready), failed);
      else send(response, head, started, answer);
    } catch (error) {
      failed(error);
    }
  };
}
