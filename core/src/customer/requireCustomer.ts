import { Forbidden, Unauthenticated } from '../shared/errors.ts';
import type { Customer, CustomerRepository } from './ports.ts';

/** A banned account signing in or using a session: 403, naming the reason staff gave (issue 26). */
export class AccountBanned extends Forbidden {
  constructor(reason: string | null) {
    super('AUTH.ACCOUNT_BANNED', reason ? `This account is banned: ${reason}` : 'This account is banned');
  }
}

/** Refuses a banned account, whatever the way in (OAuth sign-in, a session). */
export function refuseBanned(customer: Pick<Customer, 'isBanned' | 'bannedReason'>): void {
  if (customer.isBanned) throw new AccountBanned(customer.bannedReason);
}

/**
 * The customer a session points at. A deleted or banned account ends the session's power at once,
 * so a session is never trusted beyond the row it names; a banned one hears why.
 */
export async function requireCustomer(
  customers: CustomerRepository,
  customerId: number | undefined,
): Promise<Customer> {
  if (customerId === undefined) throw new Unauthenticated('AUTH.SIGN_IN_REQUIRED');
  const customer = await customers.findById(customerId);
  if (!customer) throw new Unauthenticated('AUTH.SIGN_IN_REQUIRED');
  refuseBanned(customer);
  return customer;
}
