import type { Middleware } from 'koa';
import { z } from 'zod';
import { DomainError } from '@groupflow/core';
import { toFieldIssues } from '@groupflow/core/contracts';
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
};

interface HttpishError {
  status?: number;
  expose?: boolean;
  message: string;
}

/** The one place where errors become status codes; every answer is JSON `{ message }` (plus `issues` on 400). */
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (error instanceof DomainError) {
        ctx.status = STATUS_OF[error.kind];
        ctx.body =
          error.kind === 'Invalid' && 'issues' in error
            ? { message: error.message, issues: error.issues }
            : { message: error.message };
        if (error.kind === 'TooManyAttempts' && 'retryAfterSeconds' in error) {
          ctx.set('Retry-After', String(error.retryAfterSeconds));
        }
        return;
      }
      if (error instanceof z.ZodError) {
        ctx.status = 400;
        ctx.body = { message: 'Invalid request', issues: toFieldIssues(error) };
        return;
      }
      const httpish = error as HttpishError;
      // Errors raised by Koa's own parsers (bad JSON, body too large) carry a safe 4xx status.
      if (typeof httpish.status === 'number' && httpish.status >= 400 && httpish.status < 500 && httpish.expose) {
        ctx.status = httpish.status;
        ctx.body = { message: httpish.message, issues: [] };
        return;
      }
      if (isDatabaseUnavailable(error)) {
        logger.warn({ err: error, path: ctx.path }, 'database unavailable');
        ctx.status = 503;
        ctx.set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
        ctx.body = { message: 'The database is unavailable; please try again shortly' };
        return;
      }
      if (isPoolExhausted(error)) {
        logger.warn({ path: ctx.path }, 'database pool exhausted');
        ctx.status = 503;
        ctx.set('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
        ctx.body = { message: 'The server is busy; please try again shortly' };
        return;
      }
      logger.error({ err: error, path: ctx.path }, 'request failed');
      ctx.status = 500;
      ctx.body = { message: INTERNAL_ERROR_MESSAGE };
    }
  };
}
