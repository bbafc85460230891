import { createHmac, hkdfSync, randomInt } from 'node:crypto';
import type { RecoveryCodes } from '@groupflow/core';

// Lower case without 0/o, 1/l/i: read off paper and typed by a person; compared case-insensitively anyway.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const HALF = 5;

/**
 * "xxxxx-xxxxx": 10 characters from 31, about 49 bits, each good for one sign-in. Stored as HMAC-SHA-256 under a key
 * derived by HKDF from the server secret: 49 bits is within reach of an offline search of a leaked plain digest.
 */
export class CryptoRecoveryCodes implements RecoveryCodes {
  readonly #key: Buffer;

  constructor(serverSecret: string) {
    this.#key = Buffer.from(hkdfSync('sha256', serverSecret, 'groupflow', 'staff-recovery-codes', 32));
  }

  generate(): string {
    const part = () => Array.from({ length: HALF }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${part()}-${part()}`;
  }

  hash(normalizedCode: string): string {
    return createHmac('sha256', this.#key).update(normalizedCode).digest('hex');
  }
}
