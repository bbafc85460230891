import { enforceRateLimit, type RateLimiter } from '../../shared/rateLimiter.ts';
import type { CustomerRepository } from '../../customer/ports.ts';
import { requireCustomer } from '../../customer/requireCustomer.ts';
import type { RobloxUserSearch } from '../ports.ts';

export class SearchRobloxUsers {
  readonly #customers: CustomerRepository;
  readonly #search: RobloxUserSearch;
  readonly #limit: number;
  readonly #quota: RateLimiter;

  /** `quota` counts user searches per customer (ROBLOX_USER_SEARCH_PER_MINUTE). */
  constructor(customers: CustomerRepository, search: RobloxUserSearch, limit: number, quota: RateLimiter) {
    this.#customers = customers;
    this.#search = search;
    this.#limit = limit;
    this.#quota = quota;
  }

  /** GET /api/roblox/users/search. */
  async execute(customerId: number | undefined, keyword: string) {
    const customer = await requireCustomer(this.#customers, customerId);
    await enforceRateLimit(
      this.#quota,
      String(customer.id),
      'ROBLOX.TOO_MANY_SEARCHES',
      'Too many user searches. Please wait a moment.',
    );
    return { data: await this.#search.search(keyword, this.#limit) };
  }
}
