import { describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { MemoizedCookieSigner } from './MemoizedCookieSigner.ts';

/** Keygrip's default: an sha1 HMAC in URL-safe base64 without padding, checked against each key in turn. */
class Keygrip {
  readonly #keys: string[];
  constructor(keys: string[]) {
    this.#keys = keys;
  }
  sign(data: string) {
    return createHmac('sha1', this.#keys[0]!).update(data).digest('base64url');
  }
}

describe('memoized cookie signer', () => {
  it('signs as Keygrip does, so cookies issued before keep working', () => {
    const signer = new MemoizedCookieSigner(['new-key', 'old-key'], 10);
    const keygrip = new Keygrip(['new-key', 'old-key']);
    expect(signer.sign('groupflow.sid=abc')).toBe(keygrip.sign('groupflow.sid=abc'));
    expect(signer.index('groupflow.sid=abc', new Keygrip(['old-key']).sign('groupflow.sid=abc'))).toBe(1);
  });

  it('refuses a wrong signature for a value it already verified, and forged values', () => {
    const signer = new MemoizedCookieSigner(['key'], 10);
    const good = signer.sign('groupflow.sid=abc');
    expect(signer.verify('groupflow.sid=abc', good)).toBe(true);
    expect(
      signer.verify(
        'groupflow.sid=abc',
        good.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
      ),
    ).toBe(false);
    expect(signer.verify('groupflow.sid=abc', '')).toBe(false);
    expect(signer.verify('groupflow.sid=other', good)).toBe(false);
  });

  it('accepts a cookie re-signed with the newest key after an old key verified it', () => {
    const signer = new MemoizedCookieSigner(['new-key', 'old-key'], 10);
    expect(signer.index('groupflow.sid=abc', new Keygrip(['old-key']).sign('groupflow.sid=abc'))).toBe(1);
    expect(signer.index('groupflow.sid=abc', signer.sign('groupflow.sid=abc'))).toBe(0);
  });
});
