import { generateSecret, generateURI, verify } from 'otplib';
import type { TotpCodes } from '@groupflow/core';

/** Seconds of clock drift either way a code is accepted for: one 30 second step, as RFC 6238 section 5.2 advises. */
const DRIFT_SECONDS = 30;

/** RFC 6238 (SHA-1, 6 digits, 30 seconds: what every authenticator app reads) with otplib. */
export class OtplibTotpCodes implements TotpCodes {
  readonly #issuer: string;

  constructor(issuer: string) {
    this.#issuer = issuer;
  }

  generateSecret(): string {
    return generateSecret();
  }

  otpauthUrl(accountName: string, secret: string): string {
    return generateURI({ issuer: this.#issuer, label: accountName, secret });
  }

  async verify(secret: string, code: string, now: Date): Promise<number | null> {
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: DRIFT_SECONDS,
    });
    // The result type also covers HOTP, whose matches carry no time step.
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }
}
