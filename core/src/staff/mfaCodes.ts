import type { Clock } from '../shared/clock.ts';
import type { StaffMfa, TokenGenerator, TotpCodes } from './ports.ts';

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
  readonly #tokens: TokenGenerator;
  readonly #clock: Clock;

  constructor(mfa: StaffMfa, totp: TotpCodes, tokens: TokenGenerator, clock: Clock) {
    this.#mfa = mfa;
    this.#totp = totp;
    this.#tokens = tokens;
    this.#clock = clock;
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
    return recovery !== '' && this.#mfa.claimRecoveryCode(staffId, this.#tokens.hash(recovery));
  }
}
