import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Opening failed: tampered, or sealed under another key (the secret it derives from was changed). */
export class SecretBoxOpenFailed extends Error {
  override name = 'SecretBoxOpenFailed';
}

/**
 * AES-256-GCM for secrets kept at rest (OAuth tokens), with a key derived by HKDF from a server secret and a
 * purpose, so one server secret yields unrelated keys for unrelated uses.
 */
export class AesGcmSecretBox {
  readonly #key: Buffer;

  constructor(serverSecret: string, purpose: string) {
    this.#key = Buffer.from(hkdfSync('sha256', serverSecret, 'groupflow', purpose, 32));
  }

  seal(plaintext: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  open(sealed: string): string {
    const [version, payload] = sealed.split('.');
    if (version !== VERSION || !payload) throw new SecretBoxOpenFailed('unknown format');
    const raw = Buffer.from(payload, 'base64url');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch (error) {
      throw new SecretBoxOpenFailed((error as Error).message);
    }
  }
}
