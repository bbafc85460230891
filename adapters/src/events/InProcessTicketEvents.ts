import type { TicketEvent, TicketEvents } from '@groupflow/core';

export type TicketEventListener = (event: TicketEvent) => void;

/**
 * Fans ticket events out to the open event streams of this process. One process serves the app (see
 * docs/architecture.md); several instances would need a shared bus (e.g. Postgres LISTEN/NOTIFY) behind the
 * same port.
 */
export class InProcessTicketEvents implements TicketEvents {
  readonly #listeners = new Set<TicketEventListener>();

  publish(event: TicketEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch {
        // One broken stream must not stop delivery to the others, nor fail the request that published.
      }
    }
  }

  /** Returns the unsubscribe function; streams call it when their connection closes. */
  subscribe(listener: TicketEventListener): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  get listenerCount(): number {
    return this.#listeners.size;
  }
}
