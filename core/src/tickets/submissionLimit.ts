import { TooManyAttempts } from '../shared/errors.ts';
import type { SubmissionCounter } from './ports.ts';

export interface SubmissionLimit {
  counter: SubmissionCounter;
  max: number;
  windowMs: number;
}

/** Unauthenticated ticket creation would otherwise let one address flood the staff queue. */
export async function enforceSubmissionLimit(limit: SubmissionLimit, address: string, now: Date): Promise<void> {
  const count = await limit.counter.hit(address, now, limit.windowMs);
  if (count > limit.max) {
    const minutes = Math.ceil(limit.windowMs / 60_000);
    throw new TooManyAttempts(
      `Too many support requests from your address. Please try again in ${minutes} minutes.`,
      Math.ceil(limit.windowMs / 1000),
    );
  }
}
