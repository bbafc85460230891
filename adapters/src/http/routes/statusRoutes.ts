import Router from '@koa/router';
import type { GetSystemStatus } from '@groupflow/core';
import { healthEndpoints } from '@groupflow/core/contracts';

/** The public status page's data, from what the service monitor keeps in memory. */
export function statusRoutes(getSystemStatus: GetSystemStatus): Router {
  const router = new Router();
  router.get(healthEndpoints.getStatus.path, (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = getSystemStatus.execute();
  });
  return router;
}
