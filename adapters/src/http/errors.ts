import type { Middleware } from 'koa';
import { z } from 'zod';
import { DomainError, Invalid, Unauthenticated, type ErrorCode } from '@groupflow/core';
import { toFieldIssues, type ApiError } from '@groupflow/core/contracts';
import type { Logger } from 'pino';
import { isDatabaseUnavailable, isPoolExhausted } from '../persistence/databaseUnavailable.ts';

/** Seconds a caller should wait before retrying while the database is unreachable. */
const DATABASE_RETRY_AFTER_SECONDS = 5;
/** Seconds a caller should wait before retrying when every pooled connection stayed busy (a burst, not an outage). */
const BUSY_RETRY_AFTER_SECONDS = 1;

/** The whole answer to an unexpected failure: nothing of the error itself reaches the caller. */
export const INTERNAL_ERROR_MESSAGE = 'Internal server error';

const STATUS_OF: Record<DomainError['kind'], number> = {
  Invalid: 400,
  Unauthenticated: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  TooManyAttempts: 429,
  Unavailable: 503,
  UpstreamFailed: 502,
};

interface HttpishError {
  status?: number;
  expose?: boolean;
  message: string;
}

/** An error answer's body (apiErrorSchema): the code callers act on, the message people read, the fields at fault. */
export function errorBody(code: ErrorCode, message: string, issues?: ApiError['issues']): ApiError {
  return issues === undefined ? { code, message } : { code, message, issues };
}

/**
 * The one place where errors become status codes; every answer is JSON `{ code, message }` (plus `issues` on 400,
 * and `redirect` where a sign-in is needed and the route names where).
 */
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (error instanceof DomainError) {
        ctx.status = STATUS_OF[error.kind];
        ctx.body = {
          ...errorBody(error.code, error.message, error instanceof Invalid ? error.issues : undefined),
          ...(error instanceof Unauthenticated && error.redirect !== undefined ? { redirect: error.redirect } : {}),
        };
        if (error.kind === 'TooManyAttempts' && 'retryAfterSeconds' in error) {
          ctx.set('Retry-After', String(error.retryAfterSeconds));
        }
        return;
      }
      if (error instanceof z.ZodError) {
        ctx.status = 400;
        ctx.body = errorBody('REQUEST.INVALID', 'Invalid request', toFieldIssues(error));
        return;
      }
      const httpish = error as HttpishError;
      // Errors raised by Koa's own parsers (bad JSON, body too large) carry a safe 4xx status.
      if (typeof httpish.status === 'number' && httpish.status >= 400 && httpish.status < 500 && httpish.expose) {
        ctx.status = httpish.status;
        ctx.body = errorBody(httpish.status === 413 ? 'REQUEST.TOO_LARGE' : 'REQUEST.MALFORMED', httpish.message, []);
        return;
      }
      if (isDatabaseUnavailable(error)) {
        logger.warn({ err: error, path: ctx.path }, 'database unavailable');
        ctx.status = 503;
        ctx.set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
        ctx.body = errorBody('SERVER.DATABASE_UNAVAILABLE', 'The database is unavailable; please try again shortly');
        return;
      }
      if (isPoolExhausted(error)) {
        logger.warn({ path: ctx.path }, 'database pool exhausted');
        ctx.status = 503;
        ctx.set('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
        ctx.body = errorBody('SERVER.BUSY', 'The server is busy; please try again shortly');
        return;
      }
      logger.error({ err: error, path: ctx.path }, 'request failed');
      ctx.status = 500;
      ctx.body = errorBody('SERVER.INTERNAL', INTERNAL_ERROR_MESSAGE);
    }
  };
}
