import { Conflict } from '../../shared/errors.ts';
import type { QrCodes, StaffMember, StaffMfa, TotpCodes } from '../ports.ts';

export interface StaffMfaSetup {
  /** Base32, for typing into an app that cannot scan; the only time it leaves the server. */
  secret: string;
  otpauthUrl: string;
  qrSvg: string;
}

/** POST /api/staff/mfa/setup: a new secret for the caller, kept pending until a code confirms it. */
export class SetUpStaffMfa {
  readonly #mfa: StaffMfa;
  readonly #totp: TotpCodes;
  readonly #qr: QrCodes;

  constructor(mfa: StaffMfa, totp: TotpCodes, qr: QrCodes) {
    this.#mfa = mfa;
    this.#totp = totp;
    this.#qr = qr;
  }

  async execute(member: StaffMember): Promise<StaffMfaSetup> {
    // A working secret is never shown again: whoever holds a session must not be able to copy it.
    if (member.mfaEnabled)
      throw new Conflict('STAFF.MFA_ALREADY_ON', 'Two-factor authentication is already on; turn it off first');
    const secret = this.#totp.generateSecret();
    await this.#mfa.savePending(member.id, secret);
    const otpauthUrl = this.#totp.otpauthUrl(member.email, secret);
    return { secret, otpauthUrl, qrSvg: await this.#qr.svg(otpauthUrl) };
  }
}
