import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './clientAddressKey.ts';

describe('clientAddressKey', () => {
  it('keeps an IPv4 address, also when written IPv4-mapped', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('groups IPv6 addresses by their /64, however they are written', () => {
    const key = '2001:db8:abcd:12::/64';
    expect(clientAddressKey('2001:db8:abcd:12::1')).toBe(key);
    expect(clientAddressKey('2001:0db8:ABCD:0012:ffff:ffff:ffff:ffff')).toBe(key);
    expect(clientAddressKey('2001:db8:abcd:12:1:2:3:4%eth0')).toBe(key);
    expect(clientAddressKey('2001:db8:abcd:13::1')).not.toBe(key);
  });

  it('expands a leading or trailing ::', () => {
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('fe80::')).toBe('fe80:0:0:0::/64');
  });
});
