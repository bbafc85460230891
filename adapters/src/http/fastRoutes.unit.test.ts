import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { API } from '@groupflow/core/contracts';
import { withFastRoutes, type FastAnswer, type FastRoute } from './fastRoutes.ts';

const HEADERS = { 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': "default-src 'self'" };
let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** The fast routes in front of an "app" that answers 418, so a test tells who answered. */
async function makeSut(answer: () => FastAnswer | Promise<FastAnswer>) {
  const recorded: number[] = [];
  const errors: unknown[] = [];
  const route: FastRoute = { endpoints: [API.diagnostics.getHealth], path: '/api/health', answer };
  const handler = withFastRoutes(
    [route],
    { headers: HEADERS, record: (status) => recorded.push(status), onError: (error) => errors.push(error) },
    (_, response) => {
      response.writeHead(418).end('app');
    },
  );
  server = createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { call: (path: string, init?: RequestInit) => fetch(`${base}${path}`, init), recorded, errors };
}

describe('withFastRoutes', () => {
  it('answers GET with the JSON, the app’s security headers and no-store, and counts it', async () => {
    const { call, recorded } = await makeSut(() => ({ status: 200, json: '{"status":"ok"}' }));
    const response = await call('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(recorded).toEqual([200]);
  });

  it('answers HEAD without a body, waits for an answer still being made, and ignores the query string', async () => {
    const { call } = await makeSut(async () => ({ status: 200, json: '{"status":"ok"}' }));
    const head = await call('/api/health', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(await (await call('/api/health?probe=1')).json()).toEqual({ status: 'ok' });
  });

  it('leaves other paths and methods to the app', async () => {
    const { call, recorded } = await makeSut(() => ({ status: 200, json: '{}' }));
    expect((await call('/api/health/x')).status).toBe(418);
    expect((await call('/api/health', { method: 'POST' })).status).toBe(418);
    expect(recorded).toEqual([]);
  });

  it('answers 500 with a plain message when the route fails, and reports the error', async () => {
    const { call, errors, recorded } = await makeSut(() => Promise.reject(new Error('probe exploded with a secret')));
    const response = await call('/api/health');
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ code: 'SERVER.INTERNAL', message: 'Internal server error' });
    expect(errors).toHaveLength(1);
    expect(recorded).toEqual([500]);
  });
});
