import { requireCustomer } from '../../customer/requireCustomer.ts';
import type { CustomerRepository } from '../../customer/ports.ts';
import type { CustomerBot, CustomerBotDirectory } from '../ports.ts';

/** GET /api/bots: only the signed-in customer's own bots. */
export class ListBots {
  readonly #customers: CustomerRepository;
  readonly #directory: CustomerBotDirectory;

  constructor(customers: CustomerRepository, directory: CustomerBotDirectory) {
    this.#customers = customers;
    this.#directory = directory;
  }

  async execute(customerId: number | undefined): Promise<CustomerBot[]> {
    const customer = await requireCustomer(this.#customers, customerId);
    return this.#directory.botsOf(customer.id);
  }
}
