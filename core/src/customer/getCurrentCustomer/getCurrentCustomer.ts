import { requireCustomer } from '../requireCustomer.ts';
import { toPublicCustomer, type CustomerRepository, type PublicCustomer } from '../ports.ts';

/** GET /api/user and /api/auth/me: who the session belongs to, or Unauthenticated. */
export class GetCurrentCustomer {
  readonly #customers: CustomerRepository;

  constructor(customers: CustomerRepository) {
    this.#customers = customers;
  }

  async execute(customerId: number | undefined): Promise<PublicCustomer> {
    return toPublicCustomer(await requireCustomer(this.#customers, customerId));
  }
}
