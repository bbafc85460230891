import { describe, expect, it } from 'vitest';
import Koa from 'koa';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { clientKeys } from './clientKeys.ts';

const connection = (remoteAddress: string) => ({ remoteAddress }) as Socket;
const request = (socket: Socket, headers: Record<string, string> = {}) =>
  ({ socket, headers, connection: socket }) as unknown as IncomingMessage;

describe('clientKeys', () => {
  it('keys a client by its address as Koa reads it, an IPv6 one by its /64', () => {
    const keyOf = clientKeys(new Koa());
    expect(keyOf(request(connection('::ffff:203.0.113.9')))).toBe('203.0.113.9');
    expect(keyOf(request(connection('2001:db8:1:2:3:4:5:6')))).toBe('2001:db8:1:2::/64');
  });

  it('ignores a forwarded header unless the app trusts its proxies', () => {
    const keyOf = clientKeys(new Koa());
    expect(keyOf(request(connection('10.0.0.1'), { 'x-forwarded-for': '198.51.100.7' }))).toBe('10.0.0.1');
  });

  it('reads the forwarded header of every call on a kept connection: a proxy relays many clients over one', () => {
    const keyOf = clientKeys(new Koa({ proxy: true, maxIpsCount: 1 }));
    const proxy = connection('10.0.0.1');
    expect(keyOf(request(proxy, { 'x-forwarded-for': '198.51.100.7' }))).toBe('198.51.100.7');
    expect(keyOf(request(proxy, { 'x-forwarded-for': '198.51.100.7' }))).toBe('198.51.100.7');
    expect(keyOf(request(proxy, { 'x-forwarded-for': '203.0.113.4' }))).toBe('203.0.113.4');
    expect(keyOf(request(proxy))).toBe('10.0.0.1');
  });

  it('keys each connection by its own address', () => {
    const keyOf = clientKeys(new Koa());
    expect(keyOf(request(connection('192.0.2.1')))).toBe('192.0.2.1');
    expect(keyOf(request(connection('192.0.2.2')))).toBe('192.0.2.2');
  });
});
