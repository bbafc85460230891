import { createHash, createHmac, hkdfSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CryptoRecoveryCodes } from './CryptoRecoveryCodes.ts';

describe('CryptoRecoveryCodes', () => {
  it('generates "xxxxx-xxxxx" codes from the unambiguous alphabet', () => {
    const codes = new CryptoRecoveryCodes('server-secret');
    expect(codes.generate()).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
  });

  it('hashes with HMAC-SHA-256 under a key derived from the server secret, not a plain digest', () => {
    const hash = new CryptoRecoveryCodes('server-secret').hash('abcdefghjk');
    const key = Buffer.from(hkdfSync('sha256', 'server-secret', 'groupflow', 'staff-recovery-codes', 32));
    expect(hash).toBe(createHmac('sha256', key).update('abcdefghjk').digest('hex'));
    expect(hash).toHaveLength(64);
    expect(hash).not.toBe(createHash('sha256').update('abcdefghjk').digest('hex'));
    expect(new CryptoRecoveryCodes('other-secret').hash('abcdefghjk')).not.toBe(hash);
  });
});
