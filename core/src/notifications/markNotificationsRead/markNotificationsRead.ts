import { requireCustomer } from '../../customer/requireCustomer.ts';
import type { CustomerRepository } from '../../customer/ports.ts';
import type { CustomerNotifications } from '../ports.ts';

/** POST /api/notifications/read: marks the signed-in customer's own notifications read and answers the list. */
export class MarkNotificationsRead {
  readonly #customers: CustomerRepository;
  readonly #notifications: CustomerNotifications;
  readonly #limit: number;

  constructor(customers: CustomerRepository, notifications: CustomerNotifications, limit: number) {
    this.#customers = customers;
    this.#notifications = notifications;
    this.#limit = limit;
  }

  async execute(customerId: number | undefined, ids: number[]) {
    const customer = await requireCustomer(this.#customers, customerId);
    await this.#notifications.markRead(customer.id, ids);
    return this.#notifications.list(customer.id, this.#limit);
  }
}
