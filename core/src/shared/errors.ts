/**
 * Domain errors thrown by use cases. The HTTP adapter maps each kind to a status code in one place;
 * core never speaks HTTP.
 */
export abstract class DomainError extends Error {
  abstract readonly kind:
    'Invalid' | 'Unauthenticated' | 'Forbidden' | 'NotFound' | 'Conflict' | 'TooManyAttempts' | 'Unavailable';

  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

export interface InvalidIssue {
  path: (string | number)[];
  message: string;
}

export class Invalid extends DomainError {
  readonly kind = 'Invalid' as const;
  readonly issues: InvalidIssue[];
  constructor(message: string, issues: InvalidIssue[] = []) {
    super(message);
    this.issues = issues;
  }
}

export class Unauthenticated extends DomainError {
  readonly kind = 'Unauthenticated' as const;
  constructor(message = 'Authentication required') {
    super(message);
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
  constructor(message: string, retryAfterSeconds: number) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** An outside service the answer depends on (Roblox) is down, slow or refusing connections. */
export class Unavailable extends DomainError {
  readonly kind = 'Unavailable' as const;
}
