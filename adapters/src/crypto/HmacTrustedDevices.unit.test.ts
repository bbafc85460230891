import { describe, expect, it } from 'vitest';
import { HmacTrustedDevices } from './HmacTrustedDevices.ts';

const DAY = 24 * 60 * 60_000;
const clockAt = (start: Date) => {
  let now = start.getTime();
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
};

describe('HmacTrustedDevices', () => {
  const email = 'owner@groupflow.test';
  const member = { id: 42, email, deviceGeneration: 3 };

  it('recognises its own cookie for the email it names, with the account, generation and a device id per issue', () => {
    const devices = new HmacTrustedDevices('server-secret', 30 * DAY, clockAt(new Date()));
    const first = devices.recognise(devices.issue(member), email);
    const second = devices.recognise(devices.issue(member), email);
    expect(first).toEqual({ deviceId: expect.stringMatching(/^[\w-]{22}$/), staffId: 42, deviceGeneration: 3 });
    expect(first?.deviceId).not.toBe(second?.deviceId);
  });

  it('refuses a cookie whose account or generation was altered', () => {
    const devices = new HmacTrustedDevices('server-secret', 30 * DAY, clockAt(new Date()));
    const parts = devices.issue(member).split('.');
    for (const [index, value] of [
      [2, '43'],
      [3, '4'],
    ] as const) {
      const altered = [...parts];
      altered[index] = value;
      expect(devices.recognise(altered.join('.'), email)).toBeNull();
    }
  });

  it('refuses another email, a tampered cookie, another server secret and garbage', () => {
    const devices = new HmacTrustedDevices('server-secret', 30 * DAY, clockAt(new Date()));
    const cookie = devices.issue(member);
    expect(devices.recognise(cookie, 'guesser@groupflow.test')).toBeNull();
    const parts = cookie.split('.');
    parts[1] = Buffer.from('guesser@groupflow.test').toString('base64url');
    expect(devices.recognise(parts.join('.'), 'guesser@groupflow.test')).toBeNull();
    expect(new HmacTrustedDevices('other-secret', 30 * DAY, clockAt(new Date())).recognise(cookie, email)).toBeNull();
    expect(devices.recognise('v1.a.b.c.d', email)).toBeNull();
    expect(devices.recognise('', email)).toBeNull();
  });

  it('stops recognising a cookie once its lifetime has passed', () => {
    const clock = clockAt(new Date('2026-01-01T00:00:00Z'));
    const devices = new HmacTrustedDevices('server-secret', 30 * DAY, clock);
    const cookie = devices.issue(member);
    clock.advance(30 * DAY - 1);
    expect(devices.recognise(cookie, email)).not.toBeNull();
    clock.advance(1);
    expect(devices.recognise(cookie, email)).toBeNull();
  });
});
