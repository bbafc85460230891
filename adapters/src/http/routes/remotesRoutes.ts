import Router from '@koa/router';
import { createHash } from 'node:crypto';
import type { Area } from '@groupflow/core/contracts';
import { REVALIDATE } from '../staticSite.ts';

/**
 * The shell reads remote addresses at run time from here, so a remote can be deployed on its own and
 * the shell pointed at it through configuration alone. The pages of remote routes carry the same map inlined
 * (shellPages.ts); this stays for pages that have none (the landing page) and for older shells. The answer only
 * changes with the configuration: an ETag lets a returning visitor's revalidation end in a 304.
 */
export function remotesRoutes(remotes: Record<Area, string>): Router {
  const router = new Router();
  const etag = `W/"${createHash('sha256').update(JSON.stringify(remotes)).digest('base64url').slice(0, 22)}"`;
  router.get('/api/remotes', (ctx) => {
    ctx.set('Cache-Control', REVALIDATE);
    ctx.status = 200;
    // Weak: the same JSON sent compressed or not is the same answer.
    ctx.etag = etag;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.body = remotes;
  });
  return router;
}
