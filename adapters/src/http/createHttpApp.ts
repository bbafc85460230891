import Koa, { type Middleware } from 'koa';
import { bodyParser } from '@koa/bodyparser';
import type Router from '@koa/router';
import type { Logger } from 'pino';
import { randomBytes } from 'node:crypto';
import createSession from 'koa-session';
import compress from 'koa-compress';
import type { Orm } from '../persistence/database.ts';
import { inUnitOfWork } from '../persistence/requestContext.ts';
import { errorBody, errorHandler } from './errors.ts';
import { requestLogger } from './requestLogger.ts';
import type { InMemoryRequestMetrics } from './metrics/InMemoryRequestMetrics.ts';
import { requestMetrics } from './metrics/requestMetrics.ts';
import { staticSite, type SiteMount } from './staticSite.ts';
import { ShellPages, type RemotePagesOptions } from './shellPages.ts';
import {
  contentSecurityPolicy,
  securityHeaders,
  securityHeaderValues,
  type SecurityHeaderOptions,
} from './securityHeaders.ts';
import { withFastRoutes, type FastRoute, type Handler } from './fastRoutes.ts';
import { csrfGuard } from './csrfGuard.ts';
import { apiRateLimitMiddleware, type ApiRateLimit } from './apiRateLimit.ts';
import { clientKeys } from './clientKeys.ts';
import { withLeanReads, type LeanReadSettings } from './leanReads.ts';
import { leanReads } from './route.ts';
import { refuseUnsafeKeys } from './unsafeKeys.ts';

export interface HttpAppOptions {
  logger: Logger;
  orm: Orm;
  routers: Router[];
  /** Answered from node:http before Koa runs: cookie-free, query-free polls (/api/health); see fastRoutes.ts. */
  fastRoutes?: FastRoute[];
  /** Receives every API answer's status and time (GET /api/status figures). */
  metrics?: InMemoryRequestMetrics;
  shellDir: string;
  mounts: SiteMount[];
  /**
   * The remotes map and preload hints in the pages of remote routes (renderPage.ts), and how often the shell's
   * page and the manifests are checked for a new build; without it pages go out as built, checked every request.
   */
  pages?: { refreshMs: number; remotes?: RemotePagesOptions };
  /** Dynamic answers (API JSON) smaller than this go out uncompressed; files and pages come compressed already. */
  compressThresholdBytes?: number;
  /** Trust X-Forwarded-* (set when running behind a TLS proxy, so secure cookies work). */
  proxy: boolean;
  /** Only this many rightmost X-Forwarded-For entries (our own proxies) are believed; the client can write the rest. */
  trustedProxyCount?: number;
  /** Runs after the fast routes, so /api/health is never limited (see apiRateLimit). */
  rateLimit?: ApiRateLimit;
  bodyLimit: string;
  /** Cookie sessions of signed-in customers; without it no route sees ctx.session. */
  session?: SessionOptions;
  /** Content-Security-Policy and HSTS; without it the policy admits our own origin only and HSTS is off. */
  security?: SecurityHeaderOptions;
  /** Serve the builds' `.map` files (outside production only). */
  serveSourceMaps?: boolean;
}

/** A koa-session external store: the cookie holds only a signed id, the content lives server-side. */
export interface SessionStore {
  get(id: string): Promise<Record<string, unknown> | undefined>;
  set(id: string, data: Record<string, unknown>, maxAge: number | 'session' | undefined): Promise<void>;
  destroy(id: string): Promise<void>;
}

/** What Koa's cookies need to sign and check a cookie (Keygrip's shape), e.g. MemoizedCookieSigner. */
export interface CookieSigner {
  sign(data: string): string;
  verify(data: string, digest: string): boolean;
  /** Which key (newest first) made the digest, or -1. */
  index(data: string, digest: string): number;
}

export interface SessionOptions {
  keys: CookieSigner;
  /** The store decides how long a session lives (and records its use); this is the cookie's own lifetime. */
  store: SessionStore;
  maxAgeMs: number;
  /** Secure cookies (production); honoured only over TLS or behind a proxy with `proxy` set. */
  secure: boolean;
  /** PUBLIC_URL's origin: state-changing cookie requests from anywhere else are refused. */
  publicOrigin: string;
}

export const SESSION_COOKIE = 'groupflow.sid';

/**
 * Secure cookies get the `__Host-` prefix: the browser then accepts them only with Secure, Path=/ and no Domain,
 * so a sibling subdomain cannot plant or overwrite the session.
 */
export const sessionCookieName = (secure: boolean) => (secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE);

type RequestHandler = ReturnType<Koa['callback']>;

/** koa-compress's own default; the server's setting is COMPRESS_THRESHOLD_BYTES (docs/configuration.md). */
const DEFAULT_COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Brotli or gzip, as Accept-Encoding asks, for dynamic answers of `thresholdBytes` or more. Event streams are never
 * compressed: a compressor holds events back until its buffer fills (they also send `no-transform`, which
 * koa-compress honours). Brotli runs at koa-compress's quality 4, which costs about what gzip does per answer.
 */
function dynamicCompression(thresholdBytes: number): Middleware {
  return compress({
    threshold: thresholdBytes,
    filter: (type) => !type.startsWith('text/event-stream') && /json|text|javascript|svg|xml/.test(type),
    deflate: false,
    zstd: false,
  });
}

/** Koa whose request handler lets the fast routes answer before Koa builds a context. */
class KoaWithFastRoutes extends Koa {
  readonly #inFront: (app: Handler) => Handler;

  constructor(options: { proxy: boolean; maxIpsCount: number }, inFront: (app: Handler) => Handler) {
    super(options);
    this.#inFront = inFront;
  }

  override callback(): RequestHandler {
    // Served by node:http only (never HTTP/2), so requests and responses are always IncomingMessage and ServerResponse.
    return this.#inFront(super.callback()) as RequestHandler;
  }
}

export function createHttpApp(options: HttpAppOptions): Koa {
  const headers = securityHeaderValues(
    options.security ?? { contentSecurityPolicy: contentSecurityPolicy([]), strictTransportSecurity: false },
  );
  const { metrics, logger } = options;
  const fastRoutes = {
    headers,
    ...(metrics ? { record: (status: number, ms: number) => metrics.record(status, ms) } : {}),
    onError: (error: unknown, path: string) => logger.error({ err: error, path }, 'request failed'),
  };
  const compressThresholdBytes = options.compressThresholdBytes ?? DEFAULT_COMPRESS_THRESHOLD_BYTES;
  const lean = (handle: Handler): Handler => {
    if (!options.session) return handle;
    const settings: LeanReadSettings = {
      session: {
        cookie: sessionCookieName(options.session.secure),
        signer: options.session.keys,
        store: options.session.store,
      },
      rateLimit: options.rateLimit,
      clientOf: clientKeys(app),
      headers,
      compressThresholdBytes,
      record: fastRoutes.record,
      logger,
      unitOfWork: (work) => inUnitOfWork(options.orm.em, work),
    };
    return withLeanReads(options.routers.flatMap(leanReads), settings, handle);
  };
  const app = new KoaWithFastRoutes({ proxy: options.proxy, maxIpsCount: options.trustedProxyCount ?? 0 }, (handle) =>
    withFastRoutes(options.fastRoutes ?? [], fastRoutes, lean(handle)),
  );
  app.silent = true;
  app.use(securityHeaders(headers));
  app.use(dynamicCompression(compressThresholdBytes));
  if (metrics) app.use(requestMetrics(metrics));
  app.use(errorHandler(logger));
  app.use(requestLogger(logger));
  if (options.rateLimit) app.use(apiRateLimitMiddleware(options.rateLimit));
  // Each request gets its own identity map (forked when first used); nothing touches the global entity manager.
  app.use((ctx, next) => inUnitOfWork(options.orm.em, next));
  app.use(
    bodyParser({
      enableTypes: ['json'],
      jsonLimit: options.bodyLimit,
      encoding: 'utf-8',
      onError: (error, ctx) => {
        const status = (error as { status?: number }).status === 413 ? 413 : 400;
        ctx.throw(status, status === 413 ? 'Request body too large' : 'Malformed JSON body');
      },
    }),
  );
  app.use(refuseUnsafeKeys());
  if (options.session) {
    const cookie = sessionCookieName(options.session.secure);
    app.use(csrfGuard({ publicOrigin: options.session.publicOrigin, sessionCookie: cookie }));
    app.keys = options.session.keys;
    app.use(
      createSession(
        {
          key: cookie,
          maxAge: options.session.maxAgeMs,
          httpOnly: true,
          signed: true,
          sameSite: 'lax',
          secure: options.session.secure,
          // The store records a session's use itself (at most once per touch interval): no extra saves here.
          renew: false,
          store: options.session.store,
          // The default id is a UUID (122 random bits); 32 random bytes leave nothing to guess.
          genid: () => randomBytes(32).toString('base64url'),
        },
        app,
      ),
    );
  }
  for (const router of options.routers) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  app.use(async (ctx, next) => {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) {
      ctx.status = 404;
      ctx.body = errorBody('REQUEST.NO_ROUTE', `No API route for ${ctx.method} ${ctx.path}`);
      return;
    }
    await next();
  });
  const pages = new ShellPages({ shellDir: options.shellDir, refreshMs: 0, ...options.pages });
  // Read at start-up, so the first visitor does not wait for a remote's manifest.
  void pages.page(undefined).catch(() => {});
  app.use(
    staticSite(pages, options.mounts, {
      serveSourceMaps: options.serveSourceMaps ?? false,
      sessionCookie: options.session ? sessionCookieName(options.session.secure) : undefined,
    }),
  );
  return app;
}
