import type { Clock } from '../../shared/clock.ts';
import { Conflict, Invalid } from '../../shared/errors.ts';
import type { Transaction } from '../../shared/transaction.ts';
import type { StaffActivityLog } from '../activityLog.ts';
import { describeStaff } from '../describeStaff.ts';
import { normalizeRecoveryCode, RECOVERY_CODE_COUNT } from '../mfaCodes.ts';
import type { RecoveryCodes, StaffMember, StaffMfa, TokenGenerator, TotpCodes } from '../ports.ts';

const WRONG_CODE = 'That code is not right. Check the time on your device and try again.';

/** POST /api/staff/mfa/enable: a code from the app confirms the pending secret; the recovery codes are shown once. */
export class EnableStaffMfa {
  readonly #mfa: StaffMfa;
  readonly #totp: TotpCodes;
  readonly #recovery: RecoveryCodes;
  readonly #tokens: TokenGenerator;
  readonly #activities: StaffActivityLog;
  readonly #transaction: Transaction;
  readonly #clock: Clock;

  constructor(deps: {
    mfa: StaffMfa;
    totp: TotpCodes;
    recovery: RecoveryCodes;
    tokens: TokenGenerator;
    activities: StaffActivityLog;
    transaction: Transaction;
    clock: Clock;
  }) {
    this.#mfa = deps.mfa;
    this.#totp = deps.totp;
    this.#recovery = deps.recovery;
    this.#tokens = deps.tokens;
    this.#activities = deps.activities;
    this.#transaction = deps.transaction;
    this.#clock = deps.clock;
  }

  async execute(member: StaffMember, code: string): Promise<{ recoveryCodes: string[] }> {
    if (member.mfaEnabled) throw new Conflict('STAFF.MFA_ALREADY_ON', 'Two-factor authentication is already on');
    const pending = await this.#mfa.pendingSecret(member.id);
    if (pending === null)
      throw new Conflict('STAFF.MFA_NOT_STARTED', 'Start the setup first: no secret is waiting for a code');
    const step = await this.#totp.verify(pending, code.replace(/\s/g, ''), this.#clock.now());
    if (step === null) throw new Invalid('STAFF.MFA_WRONG_CODE', WRONG_CODE, [{ path: ['code'], message: WRONG_CODE }]);

    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, () => this.#recovery.generate());
    const hashes = recoveryCodes.map((recoveryCode) => this.#tokens.hash(normalizeRecoveryCode(recoveryCode)));
    await this.#transaction.run(async () => {
      // The confirming code's step counts as used, so it cannot also sign in.
      await this.#mfa.enable(member.id, pending, hashes, step);
      await this.#activities.record({
        staffUserId: member.id,
        type: 'staff.mfa_enabled',
        description: `${describeStaff(member)} turned on two-factor authentication`,
      });
    });
    return { recoveryCodes };
  }
}
