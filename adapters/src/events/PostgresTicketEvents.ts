import type { SupportTicket, TicketEvent, TicketEvents, TicketMessage } from '@groupflow/core';
import type { Orm } from '../persistence/database.ts';
import { envelopeSql, type PostgresNotifications } from '../persistence/notifications/PostgresNotifications.ts';

/** An event as the streams see it: numbered by its row, the number being the SSE event id. */
export interface StoredTicketEvent {
  id: number;
  event: TicketEvent;
}

export type StoredTicketEventListener = (event: StoredTicketEvent) => void;

/** What an event stream needs of the bus: live events in id order, and the past for a client that reconnects. */
export interface TicketEventFeed {
  /** Returns the unsubscribe function; streams call it when their connection closes. */
  subscribe(listener: StoredTicketEventListener): () => void;
  /** The newest event id in the table: a fresh stream's starting point, read before its full state. */
  latestId(): Promise<number>;
  /**
   * Events after `afterId` (of one ticket when given), oldest first; null when some of them were pruned
   * already, so the caller falls back to a full state.
   */
  replay(afterId: number, ticketId?: number): Promise<StoredTicketEvent[] | null>;
}

export interface PostgresTicketEventsSettings {
  retentionMs: number;
  pruneEveryMs: number;
}

const CHANNEL = 'support_ticket_events';

/**
 * Serialises publishing, so ids commit in the order they were drawn and a reader that has seen id N never later
 * finds a smaller one appear. One lock for all tickets, because the staff stream follows every ticket. The lock
 * is taken before any row (and its id) is made, and held until the statement's transaction commits. Its cost is
 * one commit (WAL flush) at a time per database, so each process sends the events queued meanwhile as one
 * statement; a single NOTIFY with the batch's last id announces them all.
 */
const PUBLISH = `
  with published as (
    insert into support_ticket_events (ticket_id, type, payload, created_at)
    select (e.item->>'ticket_id')::int, e.item->>'type', e.item->'payload', now()
    from (select pg_advisory_xact_lock(hashtext('${CHANNEL}'))) as serialised
    cross join jsonb_array_elements(?::jsonb) with ordinality as e(item, n)
    order by e.n
    returning id
  )
  select pg_notify('${CHANNEL}', ${envelopeSql('max(id)::text')}) from published`;

interface PendingPublish {
  row: { ticket_id: number; type: string; payload: TicketEvent };
  settle: (error?: unknown) => void;
}

const SELECT_SINCE = 'select id, payload from support_ticket_events where id > ? order by id';

interface EventRow {
  id: string | number;
  payload: unknown;
}

type Wire<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

const dateOrNull = (value: string | null) => (value === null ? null : new Date(value));

const ticketOf = (t: Wire<SupportTicket>): SupportTicket => ({
  ...t,
  claimedAt: dateOrNull(t.claimedAt),
  // Events stored before issue 39's SLA clocks lack these.
  firstResponseAt: dateOrNull(t.firstResponseAt ?? null),
  slaBreachedAt: dateOrNull(t.slaBreachedAt ?? null),
  createdAt: new Date(t.createdAt),
  updatedAt: new Date(t.updatedAt),
});

const messageOf = (m: Wire<TicketMessage>): TicketMessage => ({ ...m, createdAt: new Date(m.createdAt) });

/** The stored JSON back into the port's event, dates included. */
function revive(payload: unknown): TicketEvent {
  const event = payload as {
    type: TicketEvent['type'];
    ticketId: number;
    ticket: Wire<SupportTicket>;
    message: Wire<TicketMessage>;
  };
  switch (event.type) {
    case 'ticket.created':
    case 'ticket.updated':
      return { type: event.type, ticket: ticketOf(event.ticket) };
    case 'message.created':
      return { type: event.type, ticketId: event.ticketId, message: messageOf(event.message) };
    case 'ticket.deleted':
      return { type: event.type, ticketId: event.ticketId };
  }
}

const toStored = (row: EventRow): StoredTicketEvent => ({ id: Number(row.id), event: revive(row.payload) });

const ticketIdOf = (event: TicketEvent): number =>
  event.type === 'ticket.created' || event.type === 'ticket.updated' ? event.ticket.id : event.ticketId;

/**
 * Ticket events across API processes: each is a row of support_ticket_events, announced by a NOTIFY carrying
 * only its id. Notifications arrive through the process's one listening connection (PostgresNotifications), and
 * per burst of them every row after the last delivered is read in one query (plain rows, no entity hydration), so
 * listeners see each event once and in id order whichever process published it. When the listening connection is
 * back after a drop, the same read catches up on whatever was published meanwhile.
 */
export class PostgresTicketEvents implements TicketEvents, TicketEventFeed {
  readonly #orm: Orm;
  readonly #notifications: PostgresNotifications;
  readonly #settings: PostgresTicketEventsSettings;
  readonly #listeners = new Set<StoredTicketEventListener>();
  #queued: PendingPublish[] = [];
  #publishing = false;
  #lastId = 0;
  #reading: Promise<void> | null = null;
  #readAgain = false;
  #stopped = true;
  #subscribed = false;
  #pruneTimer: NodeJS.Timeout | undefined;

  constructor(orm: Orm, notifications: PostgresNotifications, settings: PostgresTicketEventsSettings) {
    this.#orm = orm;
    this.#notifications = notifications;
    this.#settings = settings;
    notifications.onConnectionChange((connected) => {
      if (connected) this.#catchUp();
    });
  }

  publish(event: TicketEvent): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#queued.push({
        row: { ticket_id: ticketIdOf(event), type: event.type, payload: event },
        settle: (error) => (error === undefined ? resolve() : reject(error as Error)),
      });
      if (!this.#publishing) void this.#publishQueued();
    });
  }

  async #publishQueued(): Promise<void> {
    this.#publishing = true;
    while (this.#queued.length > 0) {
      const batch = this.#queued.splice(0);
      try {
        await this.#orm.em.getConnection().execute(PUBLISH, [JSON.stringify(batch.map((pending) => pending.row))]);
        for (const pending of batch) pending.settle();
      } catch (error) {
        for (const pending of batch) pending.settle(error ?? new Error('publish failed'));
      }
    }
    this.#publishing = false;
  }

  subscribe(listener: StoredTicketEventListener): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  async latestId(): Promise<number> {
    const [latest] = await this.#orm.em
      .getConnection()
      .execute<{ id: string }[]>('select coalesce(max(id), 0) as id from support_ticket_events');
    return Number(latest?.id ?? 0);
  }

  async replay(afterId: number, ticketId?: number): Promise<StoredTicketEvent[] | null> {
    const connection = this.#orm.em.getConnection();
    const [oldest] = await connection.execute<{ id: string | null }[]>(
      'select min(id) as id from support_ticket_events',
    );
    const oldestId = oldest?.id === null || oldest?.id === undefined ? null : Number(oldest.id);
    const complete = oldestId === null ? afterId >= this.#lastId : afterId >= oldestId - 1;
    if (!complete) return null;
    const rows =
      ticketId === undefined
        ? await connection.execute<EventRow[]>(
            'select id, payload from support_ticket_events where id > ? order by id',
            [afterId],
          )
        : await connection.execute<EventRow[]>(
            'select id, payload from support_ticket_events where ticket_id = ? and id > ? order by id',
            [ticketId, afterId],
          );
    return rows.map(toStored);
  }

  /**
   * Listens (the notifications' connection may already be open) and starts pruning; resolves once events
   * published from now on will arrive.
   */
  async start(): Promise<void> {
    this.#lastId = await this.latestId();
    this.#stopped = false;
    if (!this.#subscribed) {
      this.#subscribed = true;
      await this.#notifications.subscribe(CHANNEL, () => this.#catchUp());
    }
    this.#pruneTimer = setInterval(() => void this.prune().catch(() => undefined), this.#settings.pruneEveryMs);
    this.#pruneTimer.unref();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#pruneTimer);
    await this.#reading;
  }

  /** Deletes events older than the retention; a client away longer reloads the full state instead. */
  async prune(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.#settings.retentionMs);
    const result = await this.#orm.em
      .getConnection()
      .execute<{ affectedRows: number }>('delete from support_ticket_events where created_at < ?', [cutoff], 'run');
    return result.affectedRows;
  }

  /** Notifications arriving while a read runs are folded into one more read after it. */
  #catchUp(): void {
    if (this.#stopped) return;
    if (this.#reading) {
      this.#readAgain = true;
      return;
    }
    this.#reading = this.#drain().finally(() => {
      this.#reading = null;
    });
  }

  async #drain(): Promise<void> {
    do {
      this.#readAgain = false;
      let rows: EventRow[];
      try {
        rows = await this.#orm.em.getConnection().execute<EventRow[]>(SELECT_SINCE, [this.#lastId]);
      } catch {
        return; // The database is away: the next notification, or the listener's reconnection, catches up.
      }
      for (const row of rows) this.#deliver(toStored(row));
    } while (this.#readAgain);
  }

  #deliver(stored: StoredTicketEvent): void {
    if (stored.id <= this.#lastId) return;
    this.#lastId = stored.id;
    for (const listener of this.#listeners) {
      try {
        listener(stored);
      } catch {
        // One broken stream must not stop delivery to the others.
      }
    }
  }
}
