/**
 * The OpenAPI document against the routes the composition root actually registers: a route someone adds without
 * an endpoint in core/src/contracts/api.ts fails here, and so does an endpoint nobody serves.
 */
import { METHODS } from 'node:http';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, openApiPath } from '@groupflow/adapters/http/openapi/openApiDocument';
import type { Orm } from '@groupflow/adapters/persistence/database';
import { buildApiContainer } from './api.ts';
import { loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { resolveAll, TOKENS } from './containers/tokens.ts';

/** `GET /api/staff/all`-style lines of every route the routers answer (HEAD comes with GET). */
function registeredRoutes(): string[] {
  // Without credentials the development OAuth providers are registered too, so every route is present.
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  // Building routers touches no database; the ORM is only used once a request arrives.
  const container = buildApiContainer(config, createLogger(config), {} as Orm);
  const routes = new Set<string>();
  for (const router of resolveAll(container, TOKENS.Routers)) {
    for (const layer of router.stack) {
      // Middleware (router.use) has no methods; router.all(...) catch-alls answer every method with a 404.
      if (layer.methods.length === 0 || layer.methods.length >= METHODS.length) continue;
      for (const method of layer.methods)
        if (method !== 'HEAD') routes.add(`${method} ${openApiPath(String(layer.path))}`);
    }
  }
  for (const fastRoute of resolveAll(container, TOKENS.FastRoutes)) {
    for (const endpoint of fastRoute.endpoints) routes.add(`${endpoint.method} ${openApiPath(endpoint.path)}`);
  }
  return [...routes].sort();
}

function documentedRoutes(): string[] {
  const document = buildOpenApiDocument('test');
  return Object.entries(document.paths)
    .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

describe('the OpenAPI document', () => {
  it('lists every registered route, and no route nobody serves', () => {
    const registered = registeredRoutes();
    const documented = documentedRoutes();
    expect(registered.length).toBeGreaterThan(50);
    expect({ missingFromDocument: registered.filter((route) => !documented.includes(route)) }).toEqual({
      missingFromDocument: [],
    });
    expect({ servedByNobody: documented.filter((route) => !registered.includes(route)) }).toEqual({
      servedByNobody: [],
    });
  });

  it('declares every path parameter and a success answer for each operation', () => {
    const document = buildOpenApiDocument('test');
    for (const [path, operations] of Object.entries(document.paths)) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name);
      for (const op of Object.values(operations)) {
        expect(op.parameters?.filter((p) => p.in === 'path').map((p) => p.name) ?? [], op.operationId).toEqual(names);
        expect(
          Object.keys(op.responses).some((status) => status.startsWith('2') || status === '302'),
          op.operationId,
        ).toBe(true);
      }
    }
  });
});
