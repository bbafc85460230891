import Router from '@koa/router';
import type { CheckHealth } from '@groupflow/core';

export function healthRoutes(checkHealth: CheckHealth): Router {
  const router = new Router();
  router.get('/api/health', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await checkHealth.execute();
  });
  return router;
}
