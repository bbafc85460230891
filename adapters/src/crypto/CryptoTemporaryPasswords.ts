import { randomInt } from 'node:crypto';
import type { TemporaryPasswords } from '@groupflow/core';

// No 0/O, 1/l/I: the password is read out or copied by a person.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** 16 characters from 57: about 93 bits, typed once and replaced at the next login. */
export class CryptoTemporaryPasswords implements TemporaryPasswords {
  generate(): string {
    return Array.from({ length: 16 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  }
}
