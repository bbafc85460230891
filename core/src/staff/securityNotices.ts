import type { Clock } from '../shared/clock.ts';
import type { Mailer } from '../shared/mailer.ts';
import type { StaffMember } from './ports.ts';

const IF_NOT_YOU =
  'If this was not you, change your password at once and ask the platform owner to reset your two-factor ' +
  'authentication; they can also end every session of your account.';

/**
 * Mails a member about something done to how their account signs in, so someone acting with their password is
 * noticed. Best effort: the change or sign-in has already happened, and a mail server that is down must not turn
 * it into an error the member cannot act on.
 */
export class StaffSecurityNotices {
  readonly #mailer: Mailer;
  readonly #clock: Clock;

  constructor(mailer: Mailer, clock: Clock) {
    this.#mailer = mailer;
    this.#clock = clock;
  }

  /** Two-factor authentication was turned on: whoever enrolled now holds the second factor. */
  async authenticatorEnrolled(member: StaffMember): Promise<void> {
    await this.#send(
      member,
      'An authenticator was enrolled on your GroupFlow staff account',
      `An authenticator app was enrolled on your GroupFlow staff account (${member.username}) at ` +
        `${this.#clock.now().toISOString()}, and two-factor authentication is now on.`,
    );
  }

  /** A right password was followed by a wrong code: the password is known to whoever typed it. */
  async wrongCodeAfterPassword(member: StaffMember): Promise<void> {
    await this.#send(
      member,
      'Someone who knows your GroupFlow password tried to sign in',
      `Someone signed in to your GroupFlow staff account (${member.username}) with the right password at ` +
        `${this.#clock.now().toISOString()}, then gave a wrong two-factor code.`,
    );
  }

  async #send(member: StaffMember, subject: string, opening: string): Promise<void> {
    await this.#mailer.send({ to: [member.email], subject, text: `${opening}\n\n${IF_NOT_YOU}\n` }).catch(() => {
      // Best effort, see the class comment.
    });
  }
}
