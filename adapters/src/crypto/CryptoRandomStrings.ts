import { randomBytes, randomInt } from 'node:crypto';
import type { RandomStrings } from '@groupflow/core';

const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Verification codes from a uniform draw over A-Z0-9; activity keys of 32 random bytes. */
export class CryptoRandomStrings implements RandomStrings {
  code(length: number): string {
    let code = '';
    for (let i = 0; i < length; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
    return code;
  }

  activityKey(): string {
    return `gfa_${randomBytes(32).toString('base64url')}`;
  }
}
