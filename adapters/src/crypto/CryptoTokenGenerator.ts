import { createHash, randomBytes } from 'node:crypto';
import type { TokenGenerator } from '@groupflow/core';

export interface TokenShape {
  bytes: number;
  /** Hex where the token must survive a change of case (a mail address's local part). */
  encoding: 'base64url' | 'hex';
}

/**
 * Random tokens, 32 bytes by default; a plain SHA-256 is enough to store them, since a random token cannot be guessed
 * from a dictionary.
 */
export class CryptoTokenGenerator implements TokenGenerator {
  readonly #shape: TokenShape;

  constructor(shape: TokenShape = { bytes: 32, encoding: 'base64url' }) {
    this.#shape = shape;
  }

  generate(): string {
    return randomBytes(this.#shape.bytes).toString(this.#shape.encoding);
  }

  hash(token: string): string {
    return createHash('sha256').update(token).digest('hex');
  }
}
