import { requireCustomer } from '../requireCustomer.ts';
import { toPublicCustomer, type CustomerRepository, type PublicCustomer } from '../ports.ts';

/** The profile fields a customer may change; null clears the email. */
export interface UpdateProfileInput {
  username?: string | undefined;
  email?: string | null | undefined;
}

/** PUT /api/user/profile: only the fields a customer may change about themselves. */
export class UpdateUserProfile {
  readonly #customers: CustomerRepository;

  constructor(customers: CustomerRepository) {
    this.#customers = customers;
  }

  async execute(customerId: number | undefined, input: UpdateProfileInput): Promise<PublicCustomer> {
    const customer = await requireCustomer(this.#customers, customerId);
    const updated = {
      ...customer,
      username: input.username ?? customer.username,
      email: input.email === undefined ? customer.email : input.email,
    };
    await this.#customers.save(updated);
    return toPublicCustomer(updated);
  }
}
