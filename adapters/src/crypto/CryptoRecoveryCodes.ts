import { randomInt } from 'node:crypto';
import type { RecoveryCodes } from '@groupflow/core';

// Lower case without 0/o, 1/l/i: read off paper and typed by a person; compared case-insensitively anyway.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const HALF = 5;

/** "xxxxx-xxxxx": 10 characters from 31, about 49 bits, each good for one sign-in. */
export class CryptoRecoveryCodes implements RecoveryCodes {
  generate(): string {
    const part = () => Array.from({ length: HALF }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${part()}-${part()}`;
  }
}
