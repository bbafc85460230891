import { requireCustomer } from '../../customer/requireCustomer.ts';
import type { CustomerRepository } from '../../customer/ports.ts';
import type { CustomerNotifications } from '../ports.ts';

/** GET /api/notifications: only ever the signed-in customer's own. */
export class ListNotifications {
  readonly #customers: CustomerRepository;
  readonly #notifications: CustomerNotifications;
  readonly #limit: number;

  constructor(customers: CustomerRepository, notifications: CustomerNotifications, limit: number) {
    this.#customers = customers;
    this.#notifications = notifications;
    this.#limit = limit;
  }

  async execute(customerId: number | undefined) {
    const customer = await requireCustomer(this.#customers, customerId);
    return this.#notifications.list(customer.id, this.#limit);
  }
}
