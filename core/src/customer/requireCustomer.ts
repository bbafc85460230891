import { Unauthenticated } from '../shared/errors.ts';
import type { Customer, CustomerRepository } from './ports.ts';

/**
 * The customer a session points at. A deleted or banned account ends the session's power at once,
 * so a session is never trusted beyond the row it names.
 */
export async function requireCustomer(
  customers: CustomerRepository,
  customerId: number | undefined,
): Promise<Customer> {
  if (customerId === undefined) throw new Unauthenticated('AUTH.SIGN_IN_REQUIRED');
  const customer = await customers.findById(customerId);
  if (!customer || customer.isBanned) throw new Unauthenticated('AUTH.SIGN_IN_REQUIRED');
  return customer;
}
