import pg from 'pg';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Orm } from '../database.ts';

export interface PostgresNotificationsSettings {
  /** Wait before connecting again after the listening connection was lost (or could not be opened). */
  retryMs: number;
}

/** The listening connections of every process announce themselves by this name, so a sender can count them. */
export const LISTENER_NAME = 'groupflow-notifications';
const ACK_CHANNEL = 'groupflow_ack';
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** The wire form of every message: `id` asks each listener to acknowledge it. */
interface Envelope {
  id?: string;
  body: string;
}

/** A notification payload made in SQL (a statement that notifies as it writes): `body` is a text expression. */
export const envelopeSql = (body: string) => `json_build_object('body', ${body})::text`;

interface PendingAck {
  remaining: number;
  done(): void;
}

/**
 * PostgreSQL LISTEN/NOTIFY for in-process caches that must forget something when any process changes it.
 * One listening connection per process (opened here, apart from the ORM's pool, since a pooled connection cannot
 * keep a LISTEN, to the ORM's database); messages are sent through the ORM. While the listener is not connected, messages may be missed:
 * `connected` is false and the connection listeners hear of it, so caches stop trusting what they hold.
 */
export class PostgresNotifications {
  readonly #orm: Orm;
  readonly #logger: Logger;
  readonly #settings: PostgresNotificationsSettings;
  readonly #handlers = new Map<string, ((body: string) => void)[]>();
  readonly #connectionListeners: ((connected: boolean) => void)[] = [];
  readonly #pendingAcks = new Map<string, PendingAck>();
  #client: pg.Client | undefined;
  #connected = false;
  #closed = false;
  #retry: NodeJS.Timeout | undefined;

  constructor(orm: Orm, logger: Logger, settings: PostgresNotificationsSettings) {
    this.#orm = orm;
    this.#logger = logger;
    this.#settings = settings;
  }

  get connected(): boolean {
    return this.#connected;
  }

  /**
   * Registers a handler. Resolves once the channel is listened to, or at once while disconnected: the next
   * connection listens to every channel, and connection listeners hear of it.
   */
  async subscribe(channel: string, handler: (body: string) => void): Promise<void> {
    if (!CHANNEL_NAME.test(channel)) throw new Error(`not a channel name: ${channel}`);
    const known = this.#handlers.has(channel);
    this.#handlers.set(channel, [...(this.#handlers.get(channel) ?? []), handler]);
    if (!known && this.#connected) await this.#client?.query(`listen "${channel}"`).catch(() => undefined);
  }

  /** Hears every connect and disconnect of the listener; messages may have been missed in between. */
  onConnectionChange(listener: (connected: boolean) => void): void {
    this.#connectionListeners.push(listener);
  }

  /** Opens the listening connection; resolves after the first attempt, which retries in the background on failure. */
  async start(): Promise<void> {
    this.#closed = false;
    await this.#connect();
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    const client = this.#client;
    this.#client = undefined;
    this.#setConnected(false);
    for (const pending of this.#pendingAcks.values()) pending.done();
    await client?.end().catch(() => undefined);
  }

  /** Sends a message to every listening process, this one included. */
  async publish(channel: string, body: string): Promise<void> {
    await this.#send(channel, { body });
  }

  /**
   * Sends a message and waits until every process listening at that moment has handled it, or `timeoutMs` passed.
   * Answers whether every listener acknowledged.
   */
  async publishAndWait(channel: string, body: string, timeoutMs: number): Promise<boolean> {
    const connection = this.#orm.em.getConnection();
    const [row] = await connection.execute<{ listeners: number }[]>(
      'select count(*)::int as listeners from pg_stat_activity where datname = current_database() and application_name = ?',
      [LISTENER_NAME],
    );
    const listeners = row?.listeners ?? 0;
    if (listeners === 0) {
      await this.#send(channel, { body });
      return true;
    }
    const id = randomUUID();
    let acknowledged = false;
    const finished = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.#pendingAcks.delete(id);
        resolve();
      }, timeoutMs);
      this.#pendingAcks.set(id, {
        remaining: listeners,
        done: () => {
          clearTimeout(timer);
          this.#pendingAcks.delete(id);
          acknowledged = true;
          resolve();
        },
      });
    });
    await this.#send(channel, { id, body });
    await finished;
    if (!acknowledged)
      this.#logger.warn({ channel, listeners }, 'not every process acknowledged a notification in time');
    return acknowledged;
  }

  async #send(channel: string, envelope: Envelope): Promise<void> {
    await this.#orm.em.getConnection().execute('select pg_notify(?, ?)', [channel, JSON.stringify(envelope)]);
  }

  async #connect(): Promise<void> {
    // The ORM's own address: the listener always watches the database the rows live in.
    const connectionString = this.#orm.config.get('clientUrl');
    const client = new pg.Client({ connectionString, application_name: LISTENER_NAME, keepAlive: true });
    const lost = (error?: Error) => {
      if (this.#client !== client) return;
      this.#client = undefined;
      this.#setConnected(false);
      this.#logger.warn({ err: error }, 'notification listener lost its connection; retrying');
      void client.end().catch(() => undefined);
      this.#scheduleRetry();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => this.#receive(client, message));
    this.#client = client;
    try {
      await client.connect();
      for (const channel of [ACK_CHANNEL, ...this.#handlers.keys()]) await client.query(`listen "${channel}"`);
    } catch (error) {
      lost(error as Error);
      return;
    }
    if (this.#client === client) this.#setConnected(true);
  }

  #scheduleRetry(): void {
    if (this.#closed) return;
    clearTimeout(this.#retry);
    this.#retry = setTimeout(() => void this.#connect(), this.#settings.retryMs);
  }

  #setConnected(connected: boolean): void {
    if (this.#connected === connected) return;
    this.#connected = connected;
    for (const listener of this.#connectionListeners) listener(connected);
  }

  #receive(client: pg.Client, message: pg.Notification): void {
    if (message.channel === ACK_CHANNEL) {
      const pending = message.payload ? this.#pendingAcks.get(message.payload) : undefined;
      if (pending && --pending.remaining <= 0) pending.done();
      return;
    }
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message.payload ?? '') as Envelope;
    } catch {
      this.#logger.warn({ channel: message.channel }, 'ignored a notification that is not ours');
      return;
    }
    for (const handler of this.#handlers.get(message.channel) ?? []) handler(envelope.body);
    if (envelope.id) void client.query('select pg_notify($1, $2)', [ACK_CHANNEL, envelope.id]).catch(() => undefined);
  }
}
