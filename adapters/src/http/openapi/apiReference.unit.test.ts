import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Koa from 'koa';
import { createServer, type Server } from 'node:http';
import { referenceRoutes } from '../routes/referenceRoutes.ts';
import { schemaAsType } from './apiReferencePage.ts';

let server: Server;
let base: string;

beforeAll(async () => {
  const app = new Koa();
  app.use(referenceRoutes('9.9.9').routes());
  server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('GET /api/openapi.json', () => {
  it('serves an OpenAPI 3.1 document with bodies, parameters and answers from the contracts', async () => {
    const response = await fetch(`${base}/api/openapi.json`);
    expect(response.headers.get('content-type')).toContain('application/json');
    const document = (await response.json()) as any;
    expect(document).toMatchObject({ openapi: '3.1.0', info: { title: 'GroupFlow API', version: '9.9.9' } });
    const login = document.paths['/api/staff/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
    // A session, or the code step of two-factor authentication.
    expect(login.responses['200'].content['application/json'].schema.anyOf).toHaveLength(2);
    const codeStep = document.paths['/api/staff/login/mfa'].post;
    expect(
      codeStep.responses['200'].content['application/json'].schema.properties.user.properties.suspendedUntil,
    ).toEqual({
      anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }],
    });
    expect(document.paths['/api/staff/{id}'].delete.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'integer', exclusiveMinimum: 0 } },
    ]);
    expect(document.paths['/api/support/tickets'].get.security).toEqual([{ staffBearer: [] }]);
    expect(document.paths['/api/support/events'].get.responses['200'].content).toHaveProperty(['text/event-stream']);
    // A start begins a sync (202) or answers the running one (200), with the same body; past its limit, 429.
    const sync = document.paths['/api/discord/servers/{id}/sync'].post.responses;
    expect(sync['200'].content).toEqual(sync['202'].content);
    expect(sync['200'].description).toMatch(/already running/);
    expect(sync['429'].headers).toHaveProperty(['Retry-After']);
  });
});

describe('GET /api/reference', () => {
  it('renders every operation on one page that loads nothing from elsewhere', async () => {
    const response = await fetch(`${base}/api/reference`);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    const html = await response.text();
    expect(html).toContain('<code>/api/support/tickets/{id}/claim</code>');
    expect(html).toContain('id="staff.performHrAction"');
    expect(html).not.toMatch(/<script|https?:\/\/(?!json-schema)/);
  });
});

describe('schemaAsType', () => {
  it('reads a JSON Schema as a type', () => {
    expect(
      schemaAsType({
        type: 'object',
        properties: {
          id: { type: 'integer' },
          tags: { type: 'array', items: { enum: ['a', 'b'] } },
          at: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
        },
        required: ['id'],
      }),
    ).toBe('{\n  id: integer;\n  tags?: ("a" | "b")[];\n  at?: string /* date-time */ | null;\n}');
  });
});
