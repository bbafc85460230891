import type { ErrorCode } from './errorCodes.ts';

export { ERROR_CODES, ERROR_CODE_LIST, ERROR_CODE_PATTERN, type ErrorCode } from './errorCodes.ts';

/**
 * Domain errors thrown by use cases. Each carries a stable `code` (`AREA.REASON`, errorCodes.ts) that callers act
 * on, and an English message for people; the HTTP adapter maps each kind to a status code in one place; core
 * never speaks HTTP.
 */
export abstract class DomainError extends Error {
  abstract readonly kind:
    | 'Invalid'
    | 'Unauthenticated'
    | 'Forbidden'
    | 'NotFound'
    | 'Conflict'
    | 'TooManyAttempts'
    | 'Unavailable'
    | 'UpstreamFailed';
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string) {
    super(message);
    this.name = new.target.name;
    this.code = code;
  }
}

export interface InvalidIssue {
  path: (string | number)[];
  message: string;
}

export class Invalid extends DomainError {
  readonly kind = 'Invalid' as const;
  readonly issues: InvalidIssue[];
  constructor(code: ErrorCode, message: string, issues: InvalidIssue[] = []) {
    super(code, message);
    this.issues = issues;
  }
}

export class Unauthenticated extends DomainError {
  readonly kind = 'Unauthenticated' as const;
  /** Where the caller signs in, when the refused route names it (GET /api/user). */
  readonly redirect: string | undefined;
  constructor(code: ErrorCode, message = 'Authentication required', options: { redirect?: string } = {}) {
    super(code, message);
    this.redirect = options.redirect;
  }
}

export class Forbidden extends DomainError {
  readonly kind = 'Forbidden' as const;
}

export class NotFound extends DomainError {
  readonly kind = 'NotFound' as const;
}

export class Conflict extends DomainError {
  readonly kind = 'Conflict' as const;
}

export class TooManyAttempts extends DomainError {
  readonly kind = 'TooManyAttempts' as const;
  readonly retryAfterSeconds: number;
  constructor(code: ErrorCode, message: string, retryAfterSeconds: number) {
    super(code, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** An outside service the answer depends on (Roblox) is down, slow or refusing connections. */
export class Unavailable extends DomainError {
  readonly kind = 'Unavailable' as const;
}

/** An outside service took the request and refused it or failed on it (the mail server); nothing was done. */
export class UpstreamFailed extends DomainError {
  readonly kind = 'UpstreamFailed' as const;
}
