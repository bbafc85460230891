import { PassThrough } from 'node:stream';
import type { Context } from 'koa';
import type { TicketEvent } from '@groupflow/core';
import type { InProcessTicketEvents } from '../events/InProcessTicketEvents.ts';

/** What a stream sends for an event, or null to skip it. */
export type EventProjection = (event: TicketEvent) => unknown;

export interface EventStreamSettings {
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMs: number;
  /** Tells EventSource how soon to reconnect after a drop. */
  retryMs: number;
}

/**
 * Turns the request into a server-sent event stream of the events `project` lets through. Each event is
 * written as `event: {type}` with JSON data, so EventSource listeners subscribe by type.
 */
export function openEventStream(
  ctx: Context,
  events: InProcessTicketEvents,
  project: EventProjection,
  settings: EventStreamSettings,
  initial?: { type: string; data: unknown },
  /** Asked at every heartbeat; the stream ends once it answers false (a revoked or terminated staff login). */
  stillAllowed?: () => Promise<boolean>,
): void {
  ctx.req.socket.setTimeout(0);
  ctx.req.socket.setNoDelay(true);
  ctx.req.socket.setKeepAlive(true);
  ctx.set('Content-Type', 'text/event-stream; charset=utf-8');
  ctx.set('Cache-Control', 'no-store, no-transform');
  ctx.set('Connection', 'keep-alive');
  // Reverse proxies such as nginx would otherwise buffer the stream and delay every event.
  ctx.set('X-Accel-Buffering', 'no');
  const stream = new PassThrough();
  ctx.status = 200;
  ctx.body = stream;

  const send = (type: string, data: unknown) => stream.write(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
  stream.write(`retry: ${settings.retryMs}\n\n`);
  if (initial) send(initial.type, initial.data);
  const unsubscribe = events.subscribe((event) => {
    const data = project(event);
    if (data !== null) send(event.type, data);
  });
  const close = () => {
    clearInterval(heartbeat);
    unsubscribe();
    stream.end();
  };
  const heartbeat = setInterval(async () => {
    if (stillAllowed && !(await stillAllowed())) close();
    else stream.write(': ping\n\n');
  }, settings.heartbeatMs);
  ctx.req.once('close', close);
}
