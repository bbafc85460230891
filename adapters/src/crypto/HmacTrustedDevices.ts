import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock, DeviceCookieClaims, StaffMember, TrustedDevices } from '@groupflow/core';

// v1 cookies named no account or generation, so they could not be revoked; they are no longer recognised.
const VERSION = 'v2';
const DEVICE_ID_BYTES = 16;
const WHOLE_NUMBER = /^\d+$/;

/**
 * Device cookies of OWASP's "Slow down online guessing attacks with device cookies": `v2.<email>.<staff id>.
 * <device generation>.<device id>.<issued at>.<HMAC-SHA256>`, the key derived by HKDF from the server secret. The id
 * is random per sign-in, so each browser is counted on its own key; the signature makes the cookie unforgeable, the
 * issue time makes it expire, and the account and generation let core disown it (SignInAttempts).
 */
export class HmacTrustedDevices implements TrustedDevices {
  readonly #key: Buffer;
  readonly #lifetimeMs: number;
  readonly #clock: Clock;

  constructor(serverSecret: string, lifetimeMs: number, clock: Clock) {
    this.#key = Buffer.from(hkdfSync('sha256', serverSecret, 'groupflow', 'staff-device-cookie', 32));
    this.#lifetimeMs = lifetimeMs;
    this.#clock = clock;
  }

  #sign(payload: string): string {
    return createHmac('sha256', this.#key).update(payload).digest('base64url');
  }

  issue(member: Pick<StaffMember, 'id' | 'email' | 'deviceGeneration'>): string {
    const payload = [
      VERSION,
      Buffer.from(member.email, 'utf8').toString('base64url'),
      String(member.id),
      String(member.deviceGeneration),
      randomBytes(DEVICE_ID_BYTES).toString('base64url'),
      String(this.#clock.now().getTime()),
    ].join('.');
    return `${payload}.${this.#sign(payload)}`;
  }

  recognise(cookie: string, email: string): DeviceCookieClaims | null {
    const parts = cookie.split('.');
    if (parts.length !== 7 || parts[0] !== VERSION) return null;
    const [, named = '', staffId = '', generation = '', deviceId = '', issuedAt = '', signature = ''] = parts;
    const expected = Buffer.from(this.#sign(parts.slice(0, 6).join('.')));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (Buffer.from(named, 'base64url').toString('utf8') !== email) return null;
    if (!WHOLE_NUMBER.test(staffId) || !WHOLE_NUMBER.test(generation)) return null;
    const age = this.#clock.now().getTime() - Number(issuedAt);
    if (!Number.isFinite(age) || age < 0 || age >= this.#lifetimeMs) return null;
    return { deviceId, staffId: Number(staffId), deviceGeneration: Number(generation) };
  }
}
