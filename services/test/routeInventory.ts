/**
 * Every route the API registers, read from the composition root's routers (not a hand list), with the endpoint of
 * core/src/contracts/api.ts that describes it. The authorisation matrix and the fuzzer both walk this list, so a
 * route someone adds is covered (or fails for want of a rule) without anyone remembering to list it.
 */
import { METHODS } from 'node:http';
import type Router from '@koa/router';
import type { Container } from 'inversify';
import type { FastRoute } from '@groupflow/adapters/http/fastRoutes';
import { findEndpoint, type RegisteredEndpoint } from '@groupflow/core/contracts';
import { TOKENS } from '../src/containers/tokens.ts';

export interface InventoriedRoute extends RegisteredEndpoint {
  /** `POST /api/support/tickets/:id/claim`: the key of the matrix table. */
  key: string;
}

/** `:param` segments filled with a placeholder, to ask the registry which endpoint the path reaches. */
const samplePath = (path: string) => path.replace(/:(\w+)/g, '1');

export function registeredRoutes(container: Container): InventoriedRoute[] {
  const lines = new Map<string, { method: string; path: string }>();
  for (const router of container.getAll<Router>(TOKENS.Routers)) {
    for (const layer of router.stack) {
      // Middleware (router.use) has no methods; router.all(...) catch-alls answer every method with a 404.
      if (layer.methods.length === 0 || layer.methods.length >= METHODS.length) continue;
      for (const method of layer.methods) {
        if (method !== 'HEAD') lines.set(`${method} ${String(layer.path)}`, { method, path: String(layer.path) });
      }
    }
  }
  for (const fastRoute of container.getAll<FastRoute>(TOKENS.FastRoutes)) {
    for (const { method, path } of fastRoute.endpoints) lines.set(`${method} ${path}`, { method, path });
  }
  return [...lines]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, { method, path }]) => {
      const found = findEndpoint(method, samplePath(path));
      if (!found || found.endpoint.path !== path)
        throw new Error(`${key} is registered but no endpoint in core/src/contracts/api.ts describes it`);
      return { key, ...found };
    });
}
