import type { TestEmailInput } from './testEmails.ts';
import type { Mailer } from '../../shared/mailer.ts';
import { enforceRateLimit, type RateLimiter } from '../../shared/rateLimiter.ts';

const SAMPLES: Record<TestEmailInput['type'], { subject: string; text: string }> = {
  writeup: {
    subject: 'GroupFlow test email: Write-up notice (sample)',
    text: 'This is a sample write-up notice sent from the GroupFlow email test page.\n\nNo action was taken on any account.',
  },
  termination: {
    subject: 'GroupFlow test email: Termination notice (sample)',
    text: 'This is a sample termination notice sent from the GroupFlow email test page.\n\nNo action was taken on any account.',
  },
};

/**
 * POST /api/test-email: proves the mail setup by sending a sample HR notice. Only staff may call it, each
 * within a limit per account, since it mails any address; the sample says plainly that nothing happened.
 */
export class SendTestEmail {
  readonly #mailer: Mailer;
  readonly #limit: RateLimiter;

  /** `limit` counts sends per staff member. */
  constructor(mailer: Mailer, limit: RateLimiter) {
    this.#mailer = mailer;
    this.#limit = limit;
  }

  async execute(input: TestEmailInput, staffId: number): Promise<{ success: true; message: string }> {
    await enforceRateLimit(
      this.#limit,
      String(staffId),
      'MAIL.TOO_MANY_TESTS',
      'Too many test emails. Please try again later.',
    );
    await this.#mailer.send({ to: [input.emailAddress], ...SAMPLES[input.type] });
    return { success: true, message: `Test email sent to ${input.emailAddress}` };
  }
}
