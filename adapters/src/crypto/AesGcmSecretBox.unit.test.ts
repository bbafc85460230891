import { describe, expect, it } from 'vitest';
import { AesGcmSecretBox, SecretBoxOpenFailed } from './AesGcmSecretBox.ts';

describe('AesGcmSecretBox', () => {
  it('opens what it sealed, and never seals the same text the same way twice', () => {
    const box = new AesGcmSecretBox('server secret', 'tokens');
    const first = box.seal('access-token');
    expect(first).not.toContain('access-token');
    expect(first).not.toBe(box.seal('access-token'));
    expect(box.open(first)).toBe('access-token');
  });

  it('refuses a tampered box and one sealed under another secret or purpose', () => {
    const box = new AesGcmSecretBox('server secret', 'tokens');
    const sealed = box.seal('access-token');
    const tampered = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}A`;
    expect(() => box.open(tampered)).toThrow(SecretBoxOpenFailed);
    expect(() => new AesGcmSecretBox('other secret', 'tokens').open(sealed)).toThrow(SecretBoxOpenFailed);
    expect(() => new AesGcmSecretBox('server secret', 'other').open(sealed)).toThrow(SecretBoxOpenFailed);
    expect(() => box.open('plain')).toThrow(SecretBoxOpenFailed);
  });
});
