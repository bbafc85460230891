import { TooManyAttempts } from '../shared/errors.ts';
import { retryAfterSeconds, type RateLimiter } from '../shared/rateLimiter.ts';

/** Unauthenticated ticket creation would otherwise let one address flood the staff queue. */
export async function enforceSubmissionLimit(limiter: RateLimiter, address: string): Promise<void> {
  const decision = await limiter.consume(address);
  if (!decision.allowed) {
    const seconds = retryAfterSeconds(decision);
    throw new TooManyAttempts(
      'SUPPORT.TOO_MANY_TICKETS',
      `Too many support requests from your address. Please try again in ${Math.ceil(seconds / 60)} minutes.`,
      seconds,
    );
  }
}
