import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock, TrustedDevices } from '@groupflow/core';

const VERSION = 'v1';
const DEVICE_ID_BYTES = 16;

/**
 * Device cookies of OWASP's "Slow down online guessing attacks with device cookies": `v1.<email>.<device id>.
 * <issued at>.<HMAC-SHA256>`, the key derived by HKDF from the server secret. The id is random per sign-in, so each
 * browser is counted on its own key; the signature makes the cookie unforgeable, the issue time makes it expire.
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

  issue(email: string): string {
    const payload = [
      VERSION,
      Buffer.from(email, 'utf8').toString('base64url'),
      randomBytes(DEVICE_ID_BYTES).toString('base64url'),
      String(this.#clock.now().getTime()),
    ].join('.');
    return `${payload}.${this.#sign(payload)}`;
  }

  recognise(cookie: string, email: string): string | null {
    const parts = cookie.split('.');
    if (parts.length !== 5 || parts[0] !== VERSION) return null;
    const [, named = '', deviceId = '', issuedAt = '', signature = ''] = parts;
    const expected = Buffer.from(this.#sign(parts.slice(0, 4).join('.')));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (Buffer.from(named, 'base64url').toString('utf8') !== email) return null;
    const age = this.#clock.now().getTime() - Number(issuedAt);
    return Number.isFinite(age) && age >= 0 && age < this.#lifetimeMs ? deviceId : null;
  }
}
