import type { Context, Middleware } from 'koa';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import {
  areaOfPath,
  isStaffOnlyPage,
  routeOfPath,
  SIGNED_OUT_REDIRECTS,
  STAFF_LOGIN_PATH,
  STAFF_SIGNED_IN_COOKIE,
} from '@groupflow/core/contracts';
import { acceptedCodings, PRECOMPRESSED_SUFFIX, type ContentCoding } from './contentCoding.ts';
import type { ShellPages } from './shellPages.ts';
import { errorBody } from './errors.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/** The files the build writes `.br` and `.gz` copies of (COMPRESSED_ASSETS in shell/build/federatedApp.mjs). */
const PRECOMPRESSED_TYPES = new Set(['.js', '.mjs', '.css', '.html', '.json', '.svg']);

/** A file whose name carries a content hash (`[name].[contenthash:10].js`): a new build names a new file. */
const HASHED = /\.[0-9a-f]{8,}\./;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Kept, but checked with the server on every use (an ETag, answered 304 while unchanged). */
export const REVALIDATE = 'no-cache';

export interface SiteOptions {
  /** Production builds still emit `.map` files; they are refused there, so the sources stay private. */
  serveSourceMaps: boolean;
  /** The customer session cookie's name; without it (no sessions) every page is served as is. */
  sessionCookie?: string | undefined;
}

/** A path segment that is not valid percent-encoding names no file: undefined rather than a URIError (a 500). */
function decodePath(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}

export interface SiteMount {
  /** URL prefix, e.g. "/" for the shell or "/remotes/customer/" for a remote. */
  prefix: string;
  dir: string;
}

function pathInside(dir: string, relative: string): string | undefined {
  const root = normalize(dir + sep);
  const path = normalize(join(root, relative));
  return path.startsWith(root) ? path : undefined;
}

const fileInfo = async (path: string) => {
  const info = await stat(path).catch(() => undefined);
  return info?.isFile() ? info : undefined;
};

/**
 * The file as the request accepts it: the build's `.br` or `.gz` copy when there is one and the client takes it,
 * else the file itself. Files are never compressed per request (a development build has no copies: it goes out as
 * it is).
 */
async function chooseVariant(ctx: Context, path: string) {
  const codings: ContentCoding[] = PRECOMPRESSED_TYPES.has(extname(path)) ? acceptedCodings(ctx.headers) : [];
  for (const coding of codings) {
    if (coding === 'identity') break;
    const variant = `${path}${PRECOMPRESSED_SUFFIX[coding]}`;
    const info = await fileInfo(variant);
    if (info) return { coding, path: variant, info };
  }
  const info = await fileInfo(path);
  return info ? { coding: 'identity' as const, path, info } : undefined;
}

/**
 * Answers with a body that has the same ETag while it is unchanged: 304 without the body when the client's
 * If-None-Match names it. Every coding is its own representation, so its ETag carries the coding, and caches
 * keep one copy per Accept-Encoding (Vary).
 */
async function sendRepresentation(
  ctx: Context,
  answer: { status: number; type: string; cacheControl: string; etag: string; coding: ContentCoding },
  body: () => Promise<Buffer> | Buffer,
): Promise<void> {
  ctx.vary('Accept-Encoding');
  // Already in its coding (or chosen to go out as it is): never compressed again on the way out (koa-compress).
  ctx.compress = false;
  ctx.status = answer.status;
  ctx.type = answer.type;
  ctx.set('Cache-Control', answer.cacheControl);
  ctx.etag = `${answer.etag}-${answer.coding}`;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  if (answer.coding !== 'identity') ctx.set('Content-Encoding', answer.coding);
  ctx.body = await body();
}

const hasCookie = (ctx: Context, name: string) => Boolean(ctx.cookies.get(name, { signed: false }));

/**
 * Whether the visit shows a customer page as a signed-out visitor sees it: it carries no session cookie (so it
 * cannot be signed in) and no query string (the page knows what a query asks). False when there are no sessions.
 */
const isSignedOutVisit = (ctx: Context, sessionCookie: string | undefined) =>
  sessionCookie ? !ctx.querystring && !hasCookie(ctx, sessionCookie) : false;

/**
 * Where a visit that cannot be signed in is sent instead of the page: a staff-only page without the staff marker
 * cookie to the staff sign-in, a customer page that spec 1 sends a signed-out visitor away from, on a signed-out
 * visit, to where spec 1 sends it.
 */
function signedOutDestination(ctx: Context, route: string, signedOut: boolean): string | undefined {
  if (isStaffOnlyPage(route)) return hasCookie(ctx, STAFF_SIGNED_IN_COOKIE) ? undefined : STAFF_LOGIN_PATH;
  if (!signedOut) return undefined;
  return Object.hasOwn(SIGNED_OUT_REDIRECTS, route) ? SIGNED_OUT_REDIRECTS[route] : undefined;
}

/**
 * Serves the built shell and remotes. Route-table paths answer the shell page with 200; any other
 * non-API path answers it with 404 so the shell shows its "404 Page Not Found" screen.
 */
export function staticSite(pages: ShellPages, mounts: SiteMount[], options: SiteOptions): Middleware {
  const ordered = [...mounts].sort((a, b) => b.prefix.length - a.prefix.length);
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) return next();
    if (decodePath(ctx.path) === undefined) {
      ctx.status = 400;
      ctx.body = errorBody('REQUEST.MALFORMED', 'Malformed percent-encoding in the path');
      return;
    }
    for (const mount of ordered) {
      if (!ctx.path.startsWith(mount.prefix)) continue;
      const relative = decodePath(ctx.path.slice(mount.prefix.length));
      if (!relative || relative.endsWith('/')) continue;
      if (!options.serveSourceMaps && extname(relative) === '.map') continue;
      const path = pathInside(mount.dir, relative);
      const file = path && (await chooseVariant(ctx, path));
      if (!file) continue;
      const { info } = file;
      return sendRepresentation(
        ctx,
        {
          status: 200,
          type: TYPES[extname(relative)] ?? 'application/octet-stream',
          // Manifests and entries must be re-read after a deploy; hashed chunks may be cached for good.
          cacheControl: HASHED.test(relative) ? IMMUTABLE : REVALIDATE,
          etag: `${info.size.toString(16)}-${Math.trunc(info.mtimeMs).toString(16)}`,
          coding: file.coding,
        },
        () => readFile(file.path),
      );
    }
    await next();
    if (ctx.status !== 404 || ctx.body) return;
    const area = areaOfPath(ctx.path);
    const route = routeOfPath(ctx.path);
    const signedOut = isSignedOutVisit(ctx, options.sessionCookie);
    const destination = signedOutDestination(ctx, route, signedOut);
    if (destination) {
      // Not signed in: the page would only load its remote to learn that and then leave.
      ctx.set('Cache-Control', 'no-store');
      ctx.redirect(destination);
      return;
    }
    const page = await pages.page(area ? { route, signedOut } : undefined);
    if (!page) return;
    // A remote route's page carries its signed-out first paint for a visit without the session cookie.
    if (area) ctx.vary('Cookie');
    const [coding = 'identity'] = acceptedCodings(ctx.headers);
    await sendRepresentation(
      ctx,
      { status: area ? 200 : 404, type: TYPES['.html']!, cacheControl: REVALIDATE, etag: page.etag, coding },
      () => page.bodies[coding],
    );
  };
}
