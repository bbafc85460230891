import { describe, expect, it } from 'vitest';
import { HmacTrustedDevices } from './HmacTrustedDevices.ts';

const DAY = 24 * 60 * 60_000;
const clockAt = (start: Date) => {
  let now = start.getTime();
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
};

describe('HmacTrustedDevices', () => {
  const email = 'owner@groupflow.test';

  it('recognises its own cookie for the email it names, with a device id per issue', () => {
    const devices = new HmacTrustedDevices('server-secret', 30 * DAY, clockAt(new Date()));
    const first = devices.issue(email);
    const second = devices.issue(email);
    expect(devices.recognise(first, email)).toMatch(/^[\w-]{22}$/);
    expect(devices.recognise(first, email)).not.toBe(devices.recognise(second, email));
  });

  it('refuses another email, a tampered cookie, another server secret and garbage', () => {
    const devices = new HmacTrustedDevices('server-secret', 30 * DAY, clockAt(new Date()));
    const cookie = devices.issue(email);
    expect(devices.recognise(cookie, 'guesser@groupflow.test')).toBeNull();
    const parts = cookie.split('.');
    parts[1] = Buffer.from('guesser@groupflow.test').toString('base64url');
    expect(devices.recognise(parts.join('.'), 'guesser@groupflow.test')).toBeNull();
    expect(new HmacTrustedDevices('other-secret', 30 * DAY, clockAt(new Date())).recognise(cookie, email)).toBeNull();
    expect(devices.recognise('v1.a.b.c', email)).toBeNull();
    expect(devices.recognise('', email)).toBeNull();
  });

  it('stops recognising a cookie once its lifetime has passed', () => {
    const clock = clockAt(new Date('2026-01-01T00:00:00Z'));
    const devices = new HmacTrustedDevices('server-secret', 30 * DAY, clock);
    const cookie = devices.issue(email);
    clock.advance(30 * DAY - 1);
    expect(devices.recognise(cookie, email)).not.toBeNull();
    clock.advance(1);
    expect(devices.recognise(cookie, email)).toBeNull();
  });
});
