import { isIP } from 'node:net';

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;
/** Groups of an IPv6 address that name its /64: one subscriber usually holds the whole /64. */
const PREFIX_GROUPS = 4;

function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array.from({ length: missing }, () => '0'), ...right];
}

/**
 * The key per-address limits count a client under: an IPv4 address as it is, an IPv6 address by its /64, since one
 * subscriber gets a whole /64 and could otherwise step through 2^64 addresses. Anything else is used as it is.
 */
export function clientAddressKey(ip: string): string {
  const address = ip.split('%')[0] ?? ip;
  const mapped = IPV4_MAPPED.exec(address);
  if (mapped?.[1] !== undefined) return mapped[1];
  if (isIP(address) !== 6) return address;
  const prefix = ipv6Groups(address.toLowerCase())
    .slice(0, PREFIX_GROUPS)
    .map((group) => group.replace(/^0+(?=.)/, ''));
  return `${prefix.join(':')}::/64`;
}
