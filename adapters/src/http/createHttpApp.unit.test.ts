import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Router from '@koa/router';
import { createServer, type Server } from 'node:http';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { z } from 'zod';
import { Conflict, Forbidden, NotFound } from '@groupflow/core';
import type { Orm } from '../persistence/database.ts';
import { createHttpApp } from './createHttpApp.ts';
import { validate } from './validate.ts';

/** The unit-of-work middleware only needs something fork-able; no request here touches the database. */
const ormStub = { em: { fork: () => ({}) } } as unknown as Orm;

let server: Server;
let base: string;

beforeAll(async () => {
  const shellDir = await mkdtemp(join(tmpdir(), 'shell-'));
  await writeFile(join(shellDir, 'index.html'), '<div id="root"></div>');
  const router = new Router();
  router.get('/api/forbidden', () => {
    throw new Forbidden('STAFF.PERMISSION_REQUIRED', 'Only a platform owner may do this');
  });
  router.get('/api/missing', () => {
    throw new NotFound('SUPPORT.TICKET_NOT_FOUND', 'Ticket not found');
  });
  router.post('/api/conflict', () => {
    throw new Conflict('SUPPORT.TICKET_ALREADY_CLAIMED', 'Ticket already claimed');
  });
  router.post('/api/validated', (ctx) => {
    ctx.body = validate(z.object({ title: z.string().min(1).max(5) }), ctx.request.body);
  });
  router.get('/api/crash', () => {
    throw new Error('secret connection string postgres://user:pw@db');
  });
  const app = createHttpApp({
    logger: pino({ level: 'silent' }),
    orm: ormStub,
    routers: [router],
    shellDir,
    mounts: [{ prefix: '/', dir: shellDir }],
    proxy: false,
    bodyLimit: '1kb',
  });
  server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const call = async (path: string, init?: RequestInit) => {
  const response = await fetch(`${base}${path}`, init);
  const type = response.headers.get('content-type') ?? '';
  const body = (type.includes('json') ? await response.json() : await response.text()) as Record<string, any>;
  return { status: response.status, body };
};
const post = (path: string, body: string) =>
  call(path, { method: 'POST', body, headers: { 'Content-Type': 'application/json' } });

describe('HTTP adapter error mapping', () => {
  it('maps domain errors to their status with a JSON message', async () => {
    await expect(call('/api/forbidden')).resolves.toEqual({
      status: 403,
      body: { code: 'STAFF.PERMISSION_REQUIRED', message: 'Only a platform owner may do this' },
    });
    await expect(call('/api/missing')).resolves.toEqual({
      status: 404,
      body: { code: 'SUPPORT.TICKET_NOT_FOUND', message: 'Ticket not found' },
    });
    await expect(post('/api/conflict', '{}')).resolves.toEqual({
      status: 409,
      body: { code: 'SUPPORT.TICKET_ALREADY_CLAIMED', message: 'Ticket already claimed' },
    });
  });

  it('answers invalid input with 400, a message and the issues naming the field', async () => {
    const { status, body } = await post('/api/validated', '{"title":"much too long"}');
    expect(status).toBe(400);
    expect(body.code).toBe('REQUEST.INVALID');
    expect(body.message).toBe('Invalid request');
    expect(body.issues[0].path).toEqual(['title']);
  });

  it('answers malformed JSON and oversized bodies with 4xx JSON, not 500', async () => {
    const malformed = await post('/api/validated', '{"title":');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toEqual(expect.any(String));
    expect(malformed.body.code).toBe('REQUEST.MALFORMED');
    const huge = await post('/api/validated', JSON.stringify({ title: 'x'.repeat(5000) }));
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe('REQUEST.TOO_LARGE');
  });

  it('hides the details of unexpected failures behind a generic 500', async () => {
    await expect(call('/api/crash')).resolves.toEqual({
      status: 500,
      body: { code: 'SERVER.INTERNAL', message: 'Internal server error' },
    });
  });

  it('answers unknown API paths with 404 JSON and unknown pages with the shell and 404', async () => {
    await expect(call('/api/nothing-here')).resolves.toEqual({
      status: 404,
      body: { code: 'REQUEST.NO_ROUTE', message: 'No API route for GET /api/nothing-here' },
    });
    const page = await call('/not-a-screen');
    expect(page.status).toBe(404);
    expect(page.body).toContain('<div id="root">');
    const traversal = await call('/..%2f..%2f..%2f..%2fetc%2fpasswd');
    expect(traversal.status).toBe(404);
    expect(String(traversal.body)).not.toContain('root:');
    const known = await call('/legal-affairs');
    expect(known.status).toBe(200);
    expect(known.body).toContain('<div id="root">');
  });
});
