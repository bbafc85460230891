import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SupportTicket, TicketEvent } from '@groupflow/core';
import { openDatabase, type Orm } from '../persistence/database.ts';
import { LISTENER_NAME, PostgresNotifications } from '../persistence/notifications/PostgresNotifications.ts';
import { PostgresTicketEvents, type StoredTicketEvent } from './PostgresTicketEvents.ts';

const SETTINGS = { retentionMs: 24 * 3_600_000, pruneEveryMs: 600_000 };
const LISTEN_RETRY_MS = 50;
const WAIT_MS = 5000;

let orm: Orm;
const buses: { bus: PostgresTicketEvents; notifications: PostgresNotifications }[] = [];
let nextTicketId = 900_000 + Math.floor(Math.random() * 90_000);

/** One process's bus, over that process's one listening connection. */
async function startBus(): Promise<PostgresTicketEvents> {
  const notifications = new PostgresNotifications(orm, pino({ level: 'silent' }), { retryMs: LISTEN_RETRY_MS });
  await notifications.start();
  const bus = new PostgresTicketEvents(orm, notifications, SETTINGS);
  await bus.start();
  buses.push({ bus, notifications });
  return bus;
}

function collect(bus: PostgresTicketEvents, ticketId: number) {
  const seen: StoredTicketEvent[] = [];
  bus.subscribe((stored) => {
    if (
      stored.event.type !== 'ticket.created' &&
      stored.event.type !== 'ticket.updated' &&
      stored.event.ticketId === ticketId
    )
      seen.push(stored);
  });
  return seen;
}

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const message = (ticketId: number, n: number): TicketEvent => ({
  type: 'message.created',
  ticketId,
  message: {
    id: n,
    ticketId,
    staffUserId: null,
    senderName: 'Vera',
    senderType: 'customer',
    attachment: null,
    isPrivate: false,
    message: `message ${n}`,
    createdAt: new Date('2026-01-01T09:00:00.000Z'),
  },
});

beforeAll(async () => {
  orm = await openDatabase(inject('databaseUrl'));
});

afterAll(async () => {
  for (const { bus, notifications } of buses) {
    await bus.stop();
    await notifications.close();
  }
  await orm.close(true);
});

describe('PostgresTicketEvents', () => {
  it('hands an event published by one instance to the listeners of another, dates and all', async () => {
    const [publisher, listener] = [await startBus(), await startBus()];
    const ticketId = (nextTicketId += 1);
    const seen = collect(listener, ticketId);
    await publisher.publish(message(ticketId, 1));
    await until(() => seen.length === 1);
    expect(seen[0]?.event).toEqual(message(ticketId, 1));
    expect(seen[0]?.id).toBeGreaterThan(0);

    const ticket: SupportTicket = {
      id: ticketId,
      title: 't',
      description: 'd',
      category: null,
      priority: 'low',
      status: 'open',
      userEmail: null,
      userName: null,
      claimedBy: null,
      claimedByUsername: null,
      claimedAt: new Date('2026-01-01T10:00:00.000Z'),
      isLocked: false,
      labels: [],
      firstResponseAt: null,
      slaBreachedAt: null,
      createdAt: new Date('2026-01-01T09:00:00.000Z'),
      updatedAt: new Date('2026-01-01T09:30:00.000Z'),
    };
    const tickets: StoredTicketEvent[] = [];
    listener.subscribe(
      (stored) => stored.event.type === 'ticket.updated' && stored.event.ticket.id === ticketId && tickets.push(stored),
    );
    await publisher.publish({ type: 'ticket.updated', ticket });
    await until(() => tickets.length === 1);
    expect(tickets[0]?.event).toEqual({ type: 'ticket.updated', ticket });
  });

  it('delivers 200 concurrent publishes from two instances once each, in strictly rising id order', async () => {
    const [a, b, listener] = [await startBus(), await startBus(), await startBus()];
    const ticketId = (nextTicketId += 1);
    const seen = collect(listener, ticketId);
    await Promise.all(Array.from({ length: 200 }, (_, n) => (n % 2 ? a : b).publish(message(ticketId, n))));
    await until(() => seen.length >= 200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen).toHaveLength(200);
    const ids = seen.map((stored) => stored.id);
    expect(ids.every((id, i) => i === 0 || id > ids[i - 1]!)).toBe(true);
    const numbers = seen.map((stored) => (stored.event.type === 'message.created' ? stored.event.message.id : -1));
    expect(new Set(numbers).size).toBe(200);
  });

  it('never skips an event whose transaction commits after a later-drawn id (another publisher mid-commit)', async () => {
    const [publisher, listener] = [await startBus(), await startBus()];
    const ticketId = (nextTicketId += 1);
    const seen = collect(listener, ticketId);
    // Another process's publish, caught between drawing its id and committing.
    const slow = new pg.Client({ connectionString: inject('databaseUrl') });
    await slow.connect();
    try {
      await slow.query('begin');
      await slow.query(`select pg_advisory_xact_lock(hashtext('support_ticket_events'))`);
      await slow.query(
        `insert into support_ticket_events (ticket_id, type, payload) values ($1, 'message.created', $2)`,
        [ticketId, JSON.stringify(message(ticketId, 1))],
      );
      const later = publisher.publish(message(ticketId, 2));
      await new Promise((resolve) => setTimeout(resolve, 200));
      await slow.query('commit');
      await later;
    } finally {
      await slow.end();
    }
    await until(() => seen.length === 2);
    expect(seen.map((stored) => (stored.event.type === 'message.created' ? stored.event.message.id : -1))).toEqual([
      1, 2,
    ]);
  });

  it('replays the events after an id, of one ticket when asked', async () => {
    const bus = await startBus();
    const ticketId = (nextTicketId += 1);
    const other = (nextTicketId += 1);
    const seen = collect(bus, ticketId);
    await bus.publish(message(ticketId, 1));
    await until(() => seen.length === 1);
    const from = seen[0]!.id;
    await bus.publish(message(other, 2));
    await bus.publish(message(ticketId, 3));
    await bus.publish(message(ticketId, 4));
    const replayed = await bus.replay(from, ticketId);
    expect(replayed?.map((stored) => (stored.event.type === 'message.created' ? stored.event.message.id : -1))).toEqual(
      [3, 4],
    );
    const everything = await bus.replay(from);
    expect(everything?.length).toBeGreaterThanOrEqual(3);
  });

  it('answers null for a replay reaching into pruned events, and prunes only past the retention', async () => {
    const bus = await startBus();
    const ticketId = (nextTicketId += 1);
    const seen = collect(bus, ticketId);
    await bus.publish(message(ticketId, 1));
    await bus.publish(message(ticketId, 2));
    await until(() => seen.length === 2);
    expect(await bus.prune(new Date())).toBe(0);
    await orm.em
      .getConnection()
      .execute(`update support_ticket_events set created_at = now() - interval '25 hours' where id <= ?`, [
        seen[0]!.id,
      ]);
    expect(await bus.prune(new Date())).toBeGreaterThanOrEqual(1);
    expect(await bus.replay(seen[0]!.id - 1, ticketId)).toBeNull();
    expect((await bus.replay(seen[0]!.id, ticketId))?.length).toBe(1);
  });

  it('reopens a dropped LISTEN connection and catches up on what was published meanwhile', async () => {
    const [publisher, listener] = [await startBus(), await startBus()];
    const ticketId = (nextTicketId += 1);
    const seen = collect(listener, ticketId);
    await orm.em
      .getConnection()
      .execute(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ?`, [LISTENER_NAME]);
    await publisher.publish(message(ticketId, 1));
    await until(() => seen.length === 1);
    expect(seen[0]?.event).toEqual(message(ticketId, 1));
  });
});
