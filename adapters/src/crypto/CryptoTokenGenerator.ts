import { createHash, randomBytes } from 'node:crypto';
import type { TokenGenerator } from '@groupflow/core';

/** 32 random bytes; a plain SHA-256 is enough to store them, since a random token cannot be guessed from a dictionary. */
export class CryptoTokenGenerator implements TokenGenerator {
  generate(): string {
    return randomBytes(32).toString('base64url');
  }

  hash(token: string): string {
    return createHash('sha256').update(token).digest('hex');
  }
}
