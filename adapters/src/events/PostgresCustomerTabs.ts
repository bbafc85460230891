import type { CustomerTabs } from '@groupflow/core';
import type { PostgresNotifications } from '../persistence/notifications/PostgresNotifications.ts';

/** The channel every API process hears customers' sign-outs on. */
export const CUSTOMER_TABS_CHANNEL = 'customer_signed_out';

/**
 * How much of a reason travels with the notice. NOTIFY carries at most 8000 bytes, and the reason is JSON-escaped
 * twice (the message and its envelope): a character takes at most 7 bytes there. The whole reason stays on the ban.
 */
const NOTICE_REASON_CHARS = 1000;

export interface SignedOutNotice {
  reason: string;
}
type Listener = (notice: SignedOutNotice) => void;

/**
 * Customers' open tabs over PostgreSQL LISTEN/NOTIFY: `signOut` reaches every API process, and each hands the notice
 * to the event streams of that customer it holds (`watch`).
 */
export class PostgresCustomerTabs implements CustomerTabs {
  readonly #notifications: PostgresNotifications;
  readonly #listeners = new Map<number, Set<Listener>>();
  #listening: Promise<void> | undefined;

  constructor(notifications: PostgresNotifications) {
    this.#notifications = notifications;
  }

  async signOut(customerId: number, reason: string): Promise<void> {
    const notice = { customerId, reason: reason.slice(0, NOTICE_REASON_CHARS) };
    await this.#notifications.publish(CUSTOMER_TABS_CHANNEL, JSON.stringify(notice));
  }

  /** Hears the customer's sign-outs on this process until the answer is called; resolves once listening. */
  async watch(customerId: number, listener: Listener): Promise<() => void> {
    this.#listening ??= this.#notifications.subscribe(CUSTOMER_TABS_CHANNEL, (body) => this.#deliver(body));
    await this.#listening;
    const listeners = this.#listeners.get(customerId) ?? new Set<Listener>();
    listeners.add(listener);
    this.#listeners.set(customerId, listeners);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.#listeners.get(customerId) === listeners) this.#listeners.delete(customerId);
    };
  }

  #deliver(body: string): void {
    const notice = JSON.parse(body) as { customerId: number; reason: string };
    for (const listener of this.#listeners.get(notice.customerId) ?? []) listener({ reason: notice.reason });
  }
}
