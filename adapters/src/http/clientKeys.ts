import type Koa from 'koa';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { clientAddressKey } from './clientAddressKey.ts';

/**
 * The client's key as Koa's own `ctx.ip` reads the address (trusted proxies only), for requests Koa never sees.
 * Kept per connection while its forwarded header stays the same: a keep-alive connection sends many calls from
 * one address, and reading it through Koa's request each time was measurable per-request work.
 */
export function clientKeys(app: Koa): (request: IncomingMessage) => string {
  const kept = new WeakMap<Socket, { forwarded: string | string[] | undefined; key: string }>();
  return (request) => {
    const forwarded = app.proxy ? request.headers[app.proxyIpHeader.toLowerCase()] : undefined;
    const known = kept.get(request.socket);
    if (known !== undefined && known.forwarded === forwarded) return known.key;
    const view = Object.create(app.request) as { app: Koa; req: IncomingMessage; ip: string };
    view.app = app;
    view.req = request;
    const key = clientAddressKey(view.ip);
    kept.set(request.socket, { forwarded, key });
    return key;
  };
}
