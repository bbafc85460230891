import { Conflict, Forbidden, Invalid } from '../../shared/errors.ts';
import type { RateLimiter } from '../../shared/rateLimiter.ts';
import type { Transaction } from '../../shared/transaction.ts';
import type { StaffActivityLog } from '../activityLog.ts';
import type { PasswordChangeCaller } from '../changeStaffPassword/changeStaffPassword.ts';
import { describeStaff } from '../describeStaff.ts';
import { enforceAccountLimit, loginAccountKey } from '../loginStaff/signInAttempts.ts';
import type { MfaCodeCheck } from '../mfaCodes.ts';
import type { MfaPolicy, StaffMember, StaffMfa, StaffSessions, TokenGenerator } from '../ports.ts';

const WRONG_CODE = 'Invalid authentication code';

/**
 * POST /api/staff/mfa/disable: a current code (or a recovery code) turns two-factor authentication off. Every other
 * session of the member ends, as after a password change; the session that asked stays.
 */
export class DisableStaffMfa {
  readonly #mfa: StaffMfa;
  readonly #codes: MfaCodeCheck;
  readonly #loginAttempts: RateLimiter;
  readonly #sessions: StaffSessions;
  readonly #tokens: TokenGenerator;
  readonly #activities: StaffActivityLog;
  readonly #transaction: Transaction;
  readonly #policy: MfaPolicy;

  /** `loginAttempts` is the login's account limit: a stolen session must not become a code oracle. */
  constructor(deps: {
    mfa: StaffMfa;
    codes: MfaCodeCheck;
    loginAttempts: RateLimiter;
    sessions: StaffSessions;
    tokens: TokenGenerator;
    activities: StaffActivityLog;
    transaction: Transaction;
    policy: MfaPolicy;
  }) {
    this.#mfa = deps.mfa;
    this.#codes = deps.codes;
    this.#loginAttempts = deps.loginAttempts;
    this.#sessions = deps.sessions;
    this.#tokens = deps.tokens;
    this.#activities = deps.activities;
    this.#transaction = deps.transaction;
    this.#policy = deps.policy;
  }

  async execute(member: StaffMember, code: string, caller: PasswordChangeCaller): Promise<void> {
    if (!member.mfaEnabled) throw new Conflict('STAFF.MFA_ALREADY_OFF', 'Two-factor authentication is already off');
    // Turning it off would only lock the member out of everything until they enrol again.
    if (this.#policy.requiredRoles.includes(member.role)) {
      throw new Forbidden(
        'STAFF.MFA_REQUIRED_BY_ROLE',
        'Your role requires two-factor authentication; the platform owner can reset it',
      );
    }
    const key = loginAccountKey(member.email, caller.clientAddress);
    await enforceAccountLimit(this.#loginAttempts, key);
    if (!(await this.#codes.isRight(member.id, code))) {
      throw new Invalid('STAFF.MFA_WRONG_CODE', WRONG_CODE, [{ path: ['code'], message: WRONG_CODE }]);
    }
    await this.#loginAttempts.reset(key);
    await this.#transaction.run(async () => {
      await this.#mfa.disable(member.id);
      await this.#sessions.revokeAllFor(member.id, this.#tokens.hash(caller.token));
      await this.#activities.record({
        staffUserId: member.id,
        type: 'staff.mfa_disabled',
        description: `${describeStaff(member)} turned off two-factor authentication`,
      });
    });
  }
}
