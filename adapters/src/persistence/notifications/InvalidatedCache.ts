import type { PostgresNotifications } from './PostgresNotifications.ts';

export interface InvalidatedCacheSettings {
  ttlMs: number;
  maxEntries: number;
}

interface Entry<V> {
  value: V;
  expiresAt: number;
}

/**
 * A short in-process cache of rows that any process may change. A change anywhere is announced on `channel`
 * (invalidateEverywhere) and every process drops the key. Nothing cached is trusted while the listener is
 * disconnected (announcements may be missed then), and the cache starts empty on every (re)connect.
 */
export class InvalidatedCache<V> {
  readonly #notifications: PostgresNotifications;
  readonly #channel: string;
  readonly #settings: InvalidatedCacheSettings;
  readonly #now: () => number;
  readonly #entries = new Map<string, Entry<V>>();
  /** Bumped on every eviction: a read that overlapped one may have seen the row before the change, so is not kept. */
  #generation = 0;

  constructor(
    notifications: PostgresNotifications,
    channel: string,
    settings: InvalidatedCacheSettings,
    now: () => number = Date.now,
  ) {
    this.#notifications = notifications;
    this.#channel = channel;
    this.#settings = settings;
    this.#now = now;
    void notifications.subscribe(channel, (key) => this.evict(key));
    notifications.onConnectionChange(() => {
      this.#entries.clear();
      this.#generation += 1;
    });
  }

  /** The cached value, or `load`'s (kept when `keep` allows it, unless an eviction overlapped the load). */
  async read(
    key: string,
    load: () => Promise<V | undefined>,
    keep: (value: V) => boolean = () => true,
  ): Promise<V | undefined> {
    const trusted = this.#notifications.connected;
    if (trusted) {
      const entry = this.#entries.get(key);
      if (entry && entry.expiresAt > this.#now()) return entry.value;
      if (entry) this.#entries.delete(key);
    }
    const generation = this.#generation;
    const value = await load();
    if (
      value !== undefined &&
      keep(value) &&
      trusted &&
      this.#notifications.connected &&
      generation === this.#generation
    )
      this.#keep(key, value);
    return value;
  }

  evict(key: string): void {
    this.#entries.delete(key);
    this.#generation += 1;
  }

  /** Drops the key here and announces it to every process. */
  async invalidateEverywhere(key: string): Promise<void> {
    this.evict(key);
    await this.#notifications.publish(this.#channel, key);
  }

  /**
   * Drops the key everywhere and waits until every listening process has dropped it. The wait is bounded by the
   * cache lifetime: a process that has not answered by then holds no copy it would still trust.
   */
  async invalidateEverywhereAndWait(key: string): Promise<void> {
    this.evict(key);
    await this.#notifications.publishAndWait(this.#channel, key, this.#settings.ttlMs);
  }

  #keep(key: string, value: V): void {
    this.#entries.delete(key);
    if (this.#entries.size >= this.#settings.maxEntries) {
      // Map keeps insertion order: the first key is the oldest entry.
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, { value, expiresAt: this.#now() + this.#settings.ttlMs });
  }
}
