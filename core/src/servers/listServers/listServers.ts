import { requireCustomer } from '../../customer/requireCustomer.ts';
import type { CustomerRepository } from '../../customer/ports.ts';
import type { CustomerBotDirectory, CustomerServer } from '../ports.ts';

/** GET /api/servers: the servers the signed-in customer's bots were added to. */
export class ListServers {
  readonly #customers: CustomerRepository;
  readonly #directory: CustomerBotDirectory;

  constructor(customers: CustomerRepository, directory: CustomerBotDirectory) {
    this.#customers = customers;
    this.#directory = directory;
  }

  async execute(customerId: number | undefined): Promise<CustomerServer[]> {
    const customer = await requireCustomer(this.#customers, customerId);
    return this.#directory.serversOf(customer.id);
  }
}
