import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { OtplibTotpCodes } from './OtplibTotpCodes.ts';

const totp = new OtplibTotpCodes('GroupFlow');
const AT = new Date('2026-01-01T09:00:10Z');
const codeAt = (secret: string, at: Date) => generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

describe('OtplibTotpCodes', () => {
  it('makes a 160 bit Base32 secret and an otpauth URL naming the issuer and the account', () => {
    const secret = totp.generateSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(totp.otpauthUrl('alice@groupflow.test', secret));
    expect(url.protocol).toBe('otpauth:');
    expect(decodeURIComponent(url.pathname)).toContain('GroupFlow:alice@groupflow.test');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('GroupFlow');
  });

  it('answers the time step of a right code, one step of drift either way, and null otherwise', async () => {
    const secret = totp.generateSecret();
    const step = Math.floor(AT.getTime() / 30_000);
    expect(await totp.verify(secret, await codeAt(secret, AT), AT)).toBe(step);
    expect(await totp.verify(secret, await codeAt(secret, new Date(AT.getTime() - 30_000)), AT)).toBe(step - 1);
    expect(await totp.verify(secret, await codeAt(secret, new Date(AT.getTime() + 30_000)), AT)).toBe(step + 1);
    expect(await totp.verify(secret, await codeAt(secret, new Date(AT.getTime() - 90_000)), AT)).toBeNull();
    expect(await totp.verify(totp.generateSecret(), await codeAt(secret, AT), AT)).toBeNull();
  });
});
