import { PassThrough } from 'node:stream';
import type { Context } from 'koa';
import type { TicketEvent } from '@groupflow/core';
import { streamResumeHeadersSchema } from '@groupflow/core/contracts';
import type { StoredTicketEvent, TicketEventFeed } from '../events/PostgresTicketEvents.ts';
import { validate } from './validate.ts';

/** What a stream sends for an event, or null to skip it. */
export type EventProjection = (event: TicketEvent) => unknown;

export interface EventStreamSettings {
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMs: number;
  /** How soon the client reconnects after a drop (the `retry:` field). */
  retryMs: number;
}

export interface StreamOpening {
  /** Replays only this ticket's events (the customer's stream). */
  ticketId?: number;
  /**
   * The full state, sent first on a fresh connection and when the missed events were pruned already. Read on
   * every connection, so its refusal (a wrong chat key) also guards a resumed one.
   */
  initial?: () => Promise<{ type: string; data: unknown }>;
  /** Asked at every heartbeat; the stream ends once it answers false (a revoked or terminated staff login). */
  stillAllowed?: () => Promise<boolean>;
  /**
   * Someone is known to be watching while the stream is open (the customer's chat holds back ticket mail): entered
   * once the stream is allowed, kept at every heartbeat, left on close.
   */
  presence?: () => Promise<StreamPresence>;
}

export interface StreamPresence {
  stay(): Promise<void>;
  leave(): Promise<void>;
}

/**
 * Makes `body` the request's server-sent event stream: a long-lived socket, the stream's headers, no buffering on
 * the way, and the reconnect delay first. Every event stream the API opens starts here.
 */
export function answerAsEventStream(ctx: Context, body: PassThrough, retryMs: number): void {
  ctx.req.socket.setTimeout(0);
  ctx.req.socket.setNoDelay(true);
  ctx.req.socket.setKeepAlive(true);
  ctx.set('Content-Type', 'text/event-stream; charset=utf-8');
  ctx.set('Cache-Control', 'no-store, no-transform');
  ctx.set('Connection', 'keep-alive');
  // Reverse proxies such as nginx would otherwise buffer the stream and delay every event.
  ctx.set('X-Accel-Buffering', 'no');
  // So would a compressor (createHttpApp's), holding events until its buffer fills.
  ctx.compress = false;
  ctx.status = 200;
  ctx.body = body;
  body.write(`retry: ${retryMs}\n\n`);
}

/** The client's Last-Event-ID, when it reconnects; a malformed one is a 400 like any bad input. */
export function lastEventIdOf(ctx: Context): number | null {
  return validate(streamResumeHeadersSchema, ctx.headers)['last-event-id'] ?? null;
}

const frame = (id: number, type: string, data: unknown) =>
  `id: ${id}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Turns the request into a server-sent event stream of the events `project` lets through, each written with
 * its id, `event: {type}` and JSON data. A client sending Last-Event-ID gets the events after it from the table
 * first; live events arriving meanwhile are held back and deduplicated by id, so there is neither gap nor
 * repeat. Everything that can fail (the initial state's read) runs before the response starts, so a refusal
 * is an ordinary error answer.
 */
export async function openEventStream(
  ctx: Context,
  feed: TicketEventFeed,
  project: EventProjection,
  settings: EventStreamSettings,
  opening: StreamOpening = {},
): Promise<void> {
  const resumeFrom = lastEventIdOf(ctx);
  let held: StoredTicketEvent[] | null = [];
  let lastSent = 0;
  const body = new PassThrough();
  const deliver = (stored: StoredTicketEvent) => {
    if (stored.id <= lastSent) return;
    lastSent = stored.id;
    const data = project(stored.event);
    if (data !== null) body.write(frame(stored.id, stored.event.type, data));
  };
  const unsubscribe = feed.subscribe((stored) => {
    if (held) held.push(stored);
    else deliver(stored);
  });

  let missed: StoredTicketEvent[] | null;
  let initial: { type: string; data: unknown } | undefined;
  let freshFrom: number;
  let presence: StreamPresence | undefined;
  try {
    // Read before the state: whatever the state may lack comes after this id.
    freshFrom = await feed.latestId();
    initial = await opening.initial?.();
    missed = resumeFrom === null ? null : await feed.replay(resumeFrom, opening.ticketId);
    lastSent = missed === null ? freshFrom : (resumeFrom as number);
    presence = await opening.presence?.();
  } catch (error) {
    unsubscribe();
    throw error;
  }

  answerAsEventStream(ctx, body, settings.retryMs);
  // A fresh stream names its starting point at once, so a drop before the first event still resumes there.
  if (missed === null) body.write(initial ? frame(lastSent, initial.type, initial.data) : `id: ${lastSent}\n\n`);
  for (const stored of missed ?? []) deliver(stored);
  for (const stored of held) deliver(stored);
  held = null;

  // Presence is a hint for mail timing: a failed write of it must not end the stream.
  const ignore = () => {};
  const close = () => {
    clearInterval(heartbeat);
    unsubscribe();
    body.end();
    presence?.leave().catch(ignore);
  };
  const heartbeat = setInterval(async () => {
    if (opening.stillAllowed && !(await opening.stillAllowed())) close();
    else {
      body.write(': ping\n\n');
      presence?.stay().catch(ignore);
    }
  }, settings.heartbeatMs);
  ctx.req.once('close', close);
}
