import { requireCustomer } from '../requireCustomer.ts';
import {
  toPublicCustomer,
  type CustomerRepository,
  type CustomerStats,
  type CustomerStatsSource,
  type PublicCustomer,
} from '../ports.ts';

export interface CustomerProfile extends PublicCustomer {
  stats: CustomerStats;
}

/** GET /api/user/profile: the signed-in customer with bot and command figures from the database. */
export class GetUserProfile {
  readonly #customers: CustomerRepository;
  readonly #stats: CustomerStatsSource;

  constructor(customers: CustomerRepository, stats: CustomerStatsSource) {
    this.#customers = customers;
    this.#stats = stats;
  }

  async execute(customerId: number | undefined): Promise<CustomerProfile> {
    const customer = await requireCustomer(this.#customers, customerId);
    return { ...toPublicCustomer(customer), stats: await this.#stats.statsFor(customer.id) };
  }
}
