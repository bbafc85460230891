import type { Clock } from '../shared/clock.ts';
import type { RecoveryCodes, StaffMfa, TokenGenerator, TotpCodes } from './ports.ts';

/** Recovery codes issued when two-factor authentication is turned on. */
export const RECOVERY_CODE_COUNT = 10;

const TOTP_CODE = /^\d{6}$/;

/** How a recovery code is hashed and compared: without the spaces, dashes and case a person may type. */
export function normalizeRecoveryCode(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}

/**
 * Checks a second-factor code of a member with two-factor authentication on: a TOTP code from their app, accepted
 * once (no replay within its window), or one of their recovery codes, spent by the check.
 */
export class MfaCodeCheck {
  readonly #mfa: StaffMfa;
  readonly #totp: TotpCodes;
  readonly #recovery: RecoveryCodes;
  readonly #tokens: TokenGenerator;
  readonly #clock: Clock;

  /** `tokens` hashes the recovery codes stored before they were keyed (plain SHA-256), which still work once each. */
  constructor(deps: { mfa: StaffMfa; totp: TotpCodes; recovery: RecoveryCodes; tokens: TokenGenerator; clock: Clock }) {
    this.#mfa = deps.mfa;
    this.#totp = deps.totp;
    this.#recovery = deps.recovery;
    this.#tokens = deps.tokens;
    this.#clock = deps.clock;
  }

  async isRight(staffId: number, code: string): Promise<boolean> {
    const typed = code.replace(/\s/g, '');
    if (TOTP_CODE.test(typed)) {
      const secret = await this.#mfa.secret(staffId);
      if (secret === null) return false;
      const step = await this.#totp.verify(secret, typed, this.#clock.now());
      return step !== null && (await this.#mfa.claimStep(staffId, step));
    }
    const recovery = normalizeRecoveryCode(code);
    if (recovery === '') return false;
    return (
      (await this.#mfa.claimRecoveryCode(staffId, this.#recovery.hash(recovery))) ||
      this.#mfa.claimRecoveryCode(staffId, this.#tokens.hash(recovery))
    );
  }
}
