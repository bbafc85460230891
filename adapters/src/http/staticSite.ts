import type { Middleware } from 'koa';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { areaOfPath } from '@groupflow/core/contracts';

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

export interface SiteOptions {
  /** Production builds still emit `.map` files; they are refused there, so the sources stay private. */
  serveSourceMaps: boolean;
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

async function readInside(dir: string, relative: string): Promise<Buffer | undefined> {
  const root = normalize(dir + sep);
  const path = normalize(join(root, relative));
  if (!path.startsWith(root)) return undefined;
  try {
    return await readFile(path);
  } catch {
    return undefined;
  }
}

/**
 * Serves the built shell and remotes. Route-table paths answer the shell page with 200; any other
 * non-API path answers it with 404 so the shell shows its "404 Page Not Found" screen.
 */
export function staticSite(shellDir: string, mounts: SiteMount[], options: SiteOptions): Middleware {
  const ordered = [...mounts].sort((a, b) => b.prefix.length - a.prefix.length);
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) return next();
    if (decodePath(ctx.path) === undefined) {
      ctx.status = 400;
      ctx.body = { message: 'Malformed percent-encoding in the path' };
      return;
    }
    for (const mount of ordered) {
      if (!ctx.path.startsWith(mount.prefix)) continue;
      const relative = decodePath(ctx.path.slice(mount.prefix.length));
      if (!relative || relative.endsWith('/')) continue;
      if (!options.serveSourceMaps && extname(relative) === '.map') continue;
      const file = await readInside(mount.dir, relative);
      if (file) {
        ctx.type = TYPES[extname(relative)] ?? 'application/octet-stream';
        // Manifests and entries must be re-read after a deploy; hashed chunks may be cached for good.
        const stable = /\.[0-9a-f]{8,}\./.test(relative);
        ctx.set('Cache-Control', stable ? 'public, max-age=31536000, immutable' : 'no-cache');
        ctx.body = file;
        return;
      }
    }
    await next();
    if (ctx.status !== 404 || ctx.body) return;
    const page = await readInside(shellDir, 'index.html');
    if (!page) return;
    ctx.type = TYPES['.html']!;
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = page;
    ctx.status = areaOfPath(ctx.path) ? 200 : 404;
  };
}
