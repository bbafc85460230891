import type { TestEmailInput } from '../../contracts/support.ts';
import type { Clock } from '../../shared/clock.ts';
import type { Mailer } from '../../shared/mailer.ts';
import { enforceSubmissionLimit, type SubmissionLimit } from '../../tickets/submissionLimit.ts';

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
 * POST /api/test-email: proves the mail setup by sending a sample HR notice. Anyone may call it, so it shares the
 * per-address limit of public ticket creation, and the sample says plainly that nothing happened.
 */
export class SendTestEmail {
  readonly #mailer: Mailer;
  readonly #clock: Clock;
  readonly #limit: SubmissionLimit;

  constructor(mailer: Mailer, clock: Clock, limit: SubmissionLimit) {
    this.#mailer = mailer;
    this.#clock = clock;
    this.#limit = limit;
  }

  async execute(input: TestEmailInput, clientAddress: string): Promise<{ success: true; message: string }> {
    await enforceSubmissionLimit(this.#limit, clientAddress, this.#clock.now());
    await this.#mailer.send({ to: [input.emailAddress], ...SAMPLES[input.type] });
    return { success: true, message: `Test email sent to ${input.emailAddress}` };
  }
}
