import type { Customer, CustomerRepository, NewCustomer } from '@groupflow/core';
import type { InvalidatedCache } from '../notifications/InvalidatedCache.ts';

/** The channel on which any process announces that a customer row changed. */
export const CUSTOMER_CHANNEL = 'customer_row';

/**
 * Keeps customers read by id (every signed-in call reads one) for a few seconds. A change made anywhere is
 * announced, and `save` answers only once every process dropped its copy, so a ban or an edit is seen at once.
 */
export class CachedCustomerRepository implements CustomerRepository {
  readonly #customers: CustomerRepository;
  readonly #cache: InvalidatedCache<Customer>;

  constructor(customers: CustomerRepository, cache: InvalidatedCache<Customer>) {
    this.#customers = customers;
    this.#cache = cache;
  }

  async findById(id: number): Promise<Customer | null> {
    const customer = await this.#cache.read(String(id), async () => (await this.#customers.findById(id)) ?? undefined);
    // A copy: callers build their changes from what they read, the cached row must not move with them.
    return customer ? { ...customer } : null;
  }

  findByDiscordId(discordId: string): Promise<Customer | null> {
    return this.#customers.findByDiscordId(discordId);
  }

  findByRobloxId(robloxId: string): Promise<Customer | null> {
    return this.#customers.findByRobloxId(robloxId);
  }

  create(customer: NewCustomer): Promise<Customer> {
    return this.#customers.create(customer);
  }

  async save(customer: Customer): Promise<void> {
    try {
      await this.#customers.save(customer);
    } finally {
      await this.#cache.invalidateEverywhereAndWait(String(customer.id));
    }
  }
}
