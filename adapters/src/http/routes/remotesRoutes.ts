import Router from '@koa/router';
import type { Area } from '@groupflow/core/contracts';

/**
 * The shell reads remote addresses at run time from here, so a remote can be deployed on its own and
 * the shell pointed at it through configuration alone.
 */
export function remotesRoutes(remotes: Record<Area, string>): Router {
  const router = new Router();
  router.get('/api/remotes', (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = remotes;
  });
  return router;
}
