import { Unauthenticated } from '../../shared/errors.ts';
import type { StaffMember, TokenGenerator } from '../ports.ts';
import type {
  AuthenticateStaffSession,
  PendingStepOptions,
} from '../authenticateStaffSession/authenticateStaffSession.ts';

/**
 * Resolves the bearer token of a staff call (and POST /api/staff/validate-token) to the acting member.
 * Activity is checked on every call rather than at login, so terminating or suspending someone shuts
 * their open sessions at once.
 */
export class AuthenticateStaff {
  readonly #session: AuthenticateStaffSession;
  readonly #tokens: TokenGenerator;

  constructor(session: AuthenticateStaffSession, tokens: TokenGenerator) {
    this.#session = session;
    this.#tokens = tokens;
  }

  /** Everywhere but the calls `options` allow, a member with a pending step is refused until it is done. */
  async execute(token: string | undefined, options: PendingStepOptions = {}): Promise<StaffMember> {
    if (token === undefined || token.trim() === '') throw new Unauthenticated('STAFF.TOKEN_MISSING', 'No token');
    return this.#session.execute(this.#tokens.hash(token), options);
  }
}
