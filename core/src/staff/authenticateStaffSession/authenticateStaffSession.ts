import type { Clock } from '../../shared/clock.ts';
import { Forbidden, Unauthenticated } from '../../shared/errors.ts';
import { mustEnrollMfa, type MfaPolicy, type StaffMember, type StaffSessions } from '../ports.ts';

/**
 * Calls a member may make before the account is ready: `allowPendingPasswordChange` admits one who signed in with an
 * issued password, `allowPendingMfaEnrollment` one whose role requires two-factor authentication not yet set up.
 */
export interface PendingStepOptions {
  allowPendingPasswordChange?: boolean;
  allowPendingMfaEnrollment?: boolean;
}

/**
 * Resolves a staff session, named by its token's hash, to the acting member: a live session of an active account
 * with no pending step but those `options` allow. Bearer calls reach it through `AuthenticateStaff`; the support
 * event stream, opened with a stream ticket that maps to the session's hash (never its token), calls it directly,
 * so both go through one set of checks.
 */
export class AuthenticateStaffSession {
  readonly #sessions: StaffSessions;
  readonly #clock: Clock;
  readonly #mfa: MfaPolicy;

  constructor(sessions: StaffSessions, clock: Clock, mfa: MfaPolicy) {
    this.#sessions = sessions;
    this.#clock = clock;
    this.#mfa = mfa;
  }

  async execute(tokenHash: string, options: PendingStepOptions = {}): Promise<StaffMember> {
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
