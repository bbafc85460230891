import type { Clock } from '../../shared/clock.ts';
import { Conflict, Invalid } from '../../shared/errors.ts';
import type { Transaction } from '../../shared/transaction.ts';
import type { StaffActivityLog } from '../activityLog.ts';
import { describeStaff } from '../describeStaff.ts';
import { normalizeRecoveryCode, RECOVERY_CODE_COUNT } from '../mfaCodes.ts';
import type { RecoveryCodes, StaffMember, StaffMfa, StaffSessions, TokenGenerator, TotpCodes } from '../ports.ts';
import type { StaffSecurityNotices } from '../securityNotices.ts';

const WRONG_CODE = 'That code is not right. Check the time on your device and try again.';

/**
 * POST /api/staff/mfa/enable: a code from the app confirms the pending secret; the recovery codes are shown once.
 * Every other session of the member ends, since it signed in without the factor now required; the session that
 * enrolled stays. The member is mailed, since whoever enrolled (perhaps with a stolen password, before the owner
 * enrolled) now holds the second factor.
 */
export class EnableStaffMfa {
  readonly #mfa: StaffMfa;
  readonly #totp: TotpCodes;
  readonly #recovery: RecoveryCodes;
  readonly #tokens: TokenGenerator;
  readonly #sessions: StaffSessions;
  readonly #notices: StaffSecurityNotices;
  readonly #activities: StaffActivityLog;
  readonly #transaction: Transaction;
  readonly #clock: Clock;

  constructor(deps: {
    mfa: StaffMfa;
    totp: TotpCodes;
    recovery: RecoveryCodes;
    tokens: TokenGenerator;
    sessions: StaffSessions;
    notices: StaffSecurityNotices;
    activities: StaffActivityLog;
    transaction: Transaction;
    clock: Clock;
  }) {
    this.#mfa = deps.mfa;
    this.#totp = deps.totp;
    this.#recovery = deps.recovery;
    this.#tokens = deps.tokens;
    this.#sessions = deps.sessions;
    this.#notices = deps.notices;
    this.#activities = deps.activities;
    this.#transaction = deps.transaction;
    this.#clock = deps.clock;
  }

  /** `callerToken` is the session asking, which stays signed in. */
  async execute(member: StaffMember, code: string, callerToken: string): Promise<{ recoveryCodes: string[] }> {
    if (member.mfaEnabled) throw new Conflict('STAFF.MFA_ALREADY_ON', 'Two-factor authentication is already on');
    const pending = await this.#mfa.pendingSecret(member.id);
    if (pending === null)
      throw new Conflict('STAFF.MFA_NOT_STARTED', 'Start the setup first: no secret is waiting for a code');
    const step = await this.#totp.verify(pending, code.replace(/\s/g, ''), this.#clock.now());
    if (step === null) throw new Invalid('STAFF.MFA_WRONG_CODE', WRONG_CODE, [{ path: ['code'], message: WRONG_CODE }]);

    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, () => this.#recovery.generate());
    const hashes = recoveryCodes.map((recoveryCode) => this.#recovery.hash(normalizeRecoveryCode(recoveryCode)));
    await this.#transaction.run(async () => {
      // The confirming code's step counts as used, so it cannot also sign in.
      await this.#mfa.enable(member.id, pending, hashes, step);
      await this.#sessions.revokeAllFor(member.id, this.#tokens.hash(callerToken));
      await this.#activities.record({
        staffUserId: member.id,
        type: 'staff.mfa_enabled',
        description: `${describeStaff(member)} turned on two-factor authentication`,
      });
    });
    await this.#notices.authenticatorEnrolled(member);
    return { recoveryCodes };
  }
}
