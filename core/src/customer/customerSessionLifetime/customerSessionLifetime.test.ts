import { describe, expect, it } from 'vitest';
import { CustomerSessionLifetime } from './customerSessionLifetime.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const lifetime = new CustomerSessionLifetime({
  idleTimeoutMs: 30 * MINUTE,
  maxAgeMs: 7 * DAY,
  preSignInMs: 10 * MINUTE,
  touchIntervalMs: MINUTE,
});
const start = new Date('2026-11-23T10:00:00.000Z');
const at = (offsetMs: number) => new Date(start.getTime() + offsetMs);
const iso = (offsetMs: number) => at(offsetMs).toISOString();

describe('customer session lifetime', () => {
  it('ends a signed-in session idle for the idle timeout', () => {
    const session = { customerId: 1, signedInAt: iso(0), lastSeenAt: iso(0) };
    expect(lifetime.expiresAt(session, at(29 * MINUTE))).toEqual(at(30 * MINUTE));
  });

  it('keeps a used session alive past the idle timeout, counting from the last recorded use', () => {
    const session = { customerId: 1, signedInAt: iso(0), lastSeenAt: iso(25 * MINUTE) };
    expect(lifetime.expiresAt(session, at(50 * MINUTE))).toEqual(at(55 * MINUTE));
  });

  it('ends a session the absolute lifetime after sign-in however recently it was used', () => {
    const session = { customerId: 1, signedInAt: iso(0), lastSeenAt: iso(7 * DAY - MINUTE) };
    expect(lifetime.expiresAt(session, at(7 * DAY - 1))).toEqual(at(7 * DAY));
  });

  it('gives a pre-sign-in session ten minutes from when it was stored, not the signed-in lifetime', () => {
    const session = { grant: { state: 'x' }, startedAt: iso(0) };
    expect(lifetime.expiresAt(session, at(9 * MINUTE))).toEqual(at(10 * MINUTE));
  });

  it('treats a signed-in session without a readable sign-in time as expired', () => {
    expect(lifetime.expiresAt({ customerId: 1 }, start)).toEqual(new Date(0));
    expect(lifetime.expiresAt({ customerId: 1, signedInAt: 'yesterday-ish' }, start)).toEqual(new Date(0));
  });

  it('touches a signed-in session at most once per touch interval, and never a pre-sign-in one', () => {
    const session = { customerId: 1, signedInAt: iso(0), lastSeenAt: iso(0) };
    expect(lifetime.touchDueAt(session)).toBe(at(MINUTE).getTime());
    expect(lifetime.touchDueAt({ startedAt: iso(0) })).toBe(Number.POSITIVE_INFINITY);
  });

  it('tells when a touch falls due from the session alone, so a reader keeping a session works it out once', () => {
    expect(lifetime.touchDueAt({ customerId: 1, signedInAt: iso(0), lastSeenAt: iso(MINUTE) })).toBe(
      at(2 * MINUTE).getTime(),
    );
    expect(lifetime.touchDueAt({ customerId: 1, signedInAt: iso(0) })).toBe(at(MINUTE).getTime());
    expect(lifetime.touchDueAt({ customerId: 1 })).toBe(Number.NEGATIVE_INFINITY);
  });
});
