import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { CookieSigner } from '../createHttpApp.ts';

/** Keygrip's signature form: base64 without padding, URL-safe. */
const signWith = (key: KeyObject, data: string) =>
  createHmac('sha1', key)
    .update(data)
    .digest('base64')
    .replace(/\/|\+|=/g, (c) => ({ '/': '_', '+': '-', '=': '' })[c]!);

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Signs and checks cookies exactly as Keygrip does (sha1 HMAC, newest key first), so existing cookies stay valid,
 * but imports the keys once and remembers which key verified a cookie value: a session cookie is sent with every
 * call, and re-computing its HMAC each time was measurable per-request work. At most `maxEntries` are remembered.
 */
export class MemoizedCookieSigner implements CookieSigner {
  readonly #keys: KeyObject[];
  readonly #maxEntries: number;
  readonly #verified = new Map<string, { digest: string; index: number }>();

  constructor(keys: string[], maxEntries: number) {
    if (keys.length === 0) throw new Error('cookie signing needs at least one key');
    this.#keys = keys.map((key) => createSecretKey(Buffer.from(key)));
    this.#maxEntries = maxEntries;
  }

  sign(data: string): string {
    return signWith(this.#keys[0]!, data);
  }

  verify(data: string, digest: string): boolean {
    return this.index(data, digest) > -1;
  }

  index(data: string, digest: string): number {
    const known = this.#verified.get(data);
    if (known && same(known.digest, digest)) return known.index;
    const index = this.#keys.findIndex((key) => same(signWith(key, data), digest));
    if (index > -1) this.#remember(data, digest, index);
    return index;
  }

  #remember(data: string, digest: string, index: number): void {
    if (this.#verified.size >= this.#maxEntries) {
      const oldest = this.#verified.keys().next();
      if (!oldest.done) this.#verified.delete(oldest.value);
    }
    this.#verified.set(data, { digest, index });
  }
}
