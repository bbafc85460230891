import type Router from '@koa/router';
import { createHash } from 'node:crypto';
import { API, type Area } from '@groupflow/core/contracts';
import { REVALIDATE } from '../staticSite.ts';
import { apiRouter, route } from '../route.ts';

/**
 * The shell reads remote addresses at run time from here, so a remote can be deployed on its own and
 * the shell pointed at it through configuration alone. The pages of remote routes carry the same map inlined
 * (renderPage.ts); this stays for pages that have none (the landing page) and for older shells. The answer only
 * changes with the configuration: an ETag lets a returning visitor's revalidation end in a 304.
 */
export function remotesRoutes(remotes: Record<Area, string>): Router {
  const router = apiRouter();
  const etag = `W/"${createHash('sha256').update(JSON.stringify(remotes)).digest('base64url').slice(0, 22)}"`;
  route(router, API.diagnostics.getRemotes, ({ ctx }) => {
    ctx.set('Cache-Control', REVALIDATE);
    // Weak: the same JSON sent compressed or not is the same answer. The seam answers a matching revalidation 304.
    ctx.etag = etag;
    return remotes;
  });
  return router;
}
