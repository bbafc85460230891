import type Router from '@koa/router';
import type { GetSystemStatus } from '@groupflow/core';
import { API } from '@groupflow/core/contracts';
import { apiRouter, route } from '../route.ts';

/** The public status page's data, from what the service monitor keeps in memory. */
export function statusRoutes(getSystemStatus: GetSystemStatus): Router {
  const router = apiRouter();
  route(router, API.diagnostics.getSystemStatus, () => getSystemStatus.execute());
  return router;
}
