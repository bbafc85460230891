import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { PasswordHasher } from '@groupflow/core';

/** OWASP's scrypt floor at 32 MiB: N=2^15, r=8, p=3. */
export const DEFAULT_SCRYPT = { N: 2 ** 15, r: 8, p: 3 } as const;

const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/**
 * Stored as `scrypt$N$r$p$salt$key` (base64url), so the cost can be raised later without breaking old hashes.
 * Anything else in the column (a spent or disabled password) never verifies.
 */
export class ScryptPasswordHasher implements PasswordHasher {
  readonly #params: { N: number; r: number; p: number };

  constructor(params: { N: number; r: number; p: number } = DEFAULT_SCRYPT) {
    this.#params = params;
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await derive(password, salt, this.#params);
    const { N, r, p } = this.#params;
    return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
  }

  async verify(hash: string, password: string): Promise<boolean> {
    const parts = hash.split('$');
    const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
    if (parts.length !== 6 || parts[0] !== 'scrypt' || ![N, r, p].every((n) => Number.isSafeInteger(n) && n > 0)) {
      // Spent, disabled or missing passwords take as long as real ones, so timing reveals nothing.
      await derive(password, randomBytes(16), this.#params);
      return false;
    }
    const expected = Buffer.from(parts[5]!, 'base64url');
    const key = await derive(password, Buffer.from(parts[4]!, 'base64url'), { N, r, p });
    return key.length === expected.length && timingSafeEqual(key, expected);
  }
}
