import type { Clock } from '../../shared/clock.ts';
import { Forbidden, Unauthenticated } from '../../shared/errors.ts';
import type { StaffMember, StaffSessions, TokenGenerator } from '../ports.ts';

/**
 * Resolves the bearer token of a staff call (and POST /api/staff/validate-token) to the acting member.
 * Activity is checked on every call rather than at login, so terminating or suspending someone shuts
 * their open sessions at once.
 */
export class AuthenticateStaff {
  readonly #sessions: StaffSessions;
  readonly #tokens: TokenGenerator;
  readonly #clock: Clock;

  constructor(sessions: StaffSessions, tokens: TokenGenerator, clock: Clock) {
    this.#sessions = sessions;
    this.#tokens = tokens;
    this.#clock = clock;
  }

  /**
   * `allowPendingPasswordChange` admits a member who logged in with an issued password; everywhere else they
   * are refused until they have chosen their own.
   */
  async execute(
    token: string | undefined,
    options: { allowPendingPasswordChange?: boolean } = {},
  ): Promise<StaffMember> {
    if (token === undefined || token.trim() === '') throw new Unauthenticated('No token');
    return this.bySessionHash(this.#tokens.hash(token), options);
  }

  /** As `execute`, for a holder of the session's hash only (an event stream opened with a stream ticket). */
  async bySessionHash(tokenHash: string, options: { allowPendingPasswordChange?: boolean } = {}): Promise<StaffMember> {
    const member = await this.#sessions.findMember(tokenHash, this.#clock.now());
    // Same answer as an unknown token: the holder of a dead session learns nothing about the account.
    if (member === null || !member.isActive) throw new Unauthenticated('Invalid token');
    if (member.mustChangePassword && !options.allowPendingPasswordChange) {
      throw new Forbidden('Set a new password before continuing');
    }
    return member;
  }
}
