import type { Middleware } from 'koa';
import { errorBody } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Sec-Fetch-Site values of requests our own pages make: same origin, or typed/bookmarked by the user. */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

export interface CsrfGuardOptions {
  /** PUBLIC_URL's origin: the only Origin a state-changing cookie request may come from. */
  publicOrigin: string;
  /** The session cookie's name; a request without it is not cookie-authenticated and is left alone. */
  sessionCookie: string;
}

/**
 * Refuses (403) a state-changing request that carries the session cookie but was started by another site:
 * SameSite=Lax alone let a cross-origin PUT through (issue 14). Headers a client leaves out are not held against
 * it (older browsers, server-to-server calls); a browser that sends them cannot forge them.
 */
export function csrfGuard(options: CsrfGuardOptions): Middleware {
  return async (ctx, next) => {
    if (SAFE_METHODS.has(ctx.method) || !ctx.cookies.get(options.sessionCookie, { signed: false })) return next();
    const site = ctx.get('sec-fetch-site');
    const origin = ctx.get('origin');
    const crossSite = site !== '' && !OWN_FETCH_SITES.has(site);
    // Under our Referrer-Policy (no-referrer) browsers send `Origin: null` with our own pages' posts; only a
    // Sec-Fetch-Site the browser sets alongside it (checked above) can vouch for such a request.
    const foreignOrigin = origin !== '' && (origin === 'null' ? site === '' : origin !== options.publicOrigin);
    if (crossSite || foreignOrigin) {
      ctx.status = 403;
      ctx.body = errorBody('REQUEST.CROSS_SITE', 'Cross-site request refused');
      return;
    }
    await next();
  };
}
