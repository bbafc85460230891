import type { Clock } from '../../shared/clock.ts';
import { Forbidden, Unauthenticated } from '../../shared/errors.ts';
import { mustEnrollMfa, type MfaPolicy, type StaffMember, type StaffSessions, type TokenGenerator } from '../ports.ts';

/**
 * Calls a member may make before the account is ready: `allowPendingPasswordChange` admits one who signed in with an
 * issued password, `allowPendingMfaEnrollment` one whose role requires two-factor authentication not yet set up.
 */
export interface PendingStepOptions {
  allowPendingPasswordChange?: boolean;
  allowPendingMfaEnrollment?: boolean;
}

/**
 * Resolves the bearer token of a staff call (and POST /api/staff/validate-token) to the acting member.
 * Activity is checked on every call rather than at login, so terminating or suspending someone shuts
 * their open sessions at once.
 */
export class AuthenticateStaff {
  readonly #sessions: StaffSessions;
  readonly #tokens: TokenGenerator;
  readonly #clock: Clock;
  readonly #mfa: MfaPolicy;

  constructor(sessions: StaffSessions, tokens: TokenGenerator, clock: Clock, mfa: MfaPolicy) {
    this.#sessions = sessions;
    this.#tokens = tokens;
    this.#clock = clock;
    this.#mfa = mfa;
  }

  /** Everywhere but the calls `options` allow, a member with a pending step is refused until it is done. */
  async execute(token: string | undefined, options: PendingStepOptions = {}): Promise<StaffMember> {
    if (token === undefined || token.trim() === '') throw new Unauthenticated('STAFF.TOKEN_MISSING', 'No token');
    return this.bySessionHash(this.#tokens.hash(token), options);
  }

  /** As `execute`, for a holder of the session's hash only (an event stream opened with a stream ticket). */
  async bySessionHash(tokenHash: string, options: PendingStepOptions = {}): Promise<StaffMember> {
    const member = await this.#sessions.findMember(tokenHash, this.#clock.now());
    // Same answer as an unknown token: the holder of a dead session learns nothing about the account.
    if (member === null || !member.isActive) throw new Unauthenticated('STAFF.TOKEN_INVALID', 'Invalid token');
    if (member.mustChangePassword && !options.allowPendingPasswordChange) {
      throw new Forbidden('STAFF.PASSWORD_CHANGE_REQUIRED', 'Set a new password before continuing');
    }
    if (mustEnrollMfa(member, this.#mfa) && !options.allowPendingMfaEnrollment) {
      throw new Forbidden('STAFF.MFA_ENROLMENT_REQUIRED', 'Set up two-factor authentication first');
    }
    return member;
  }
}
