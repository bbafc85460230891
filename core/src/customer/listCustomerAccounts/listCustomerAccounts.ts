import { canBanCustomers, canChangeCustomerRoles } from '../../staff/roles.ts';
import { Forbidden } from '../../shared/errors.ts';
import type { CustomerAccount, CustomerAccounts, StaffActor } from '../customerAccounts.ts';

/** The customer accounts a ban or role change is made from: staff who can do neither see none. */
export class ListCustomerAccounts {
  readonly #accounts: CustomerAccounts;
  readonly #limit: number;

  /** `limit`: how many matches one search answers (a setting). */
  constructor(accounts: CustomerAccounts, limit: number) {
    this.#accounts = accounts;
    this.#limit = limit;
  }

  async execute(actor: StaffActor, search: string | undefined): Promise<CustomerAccount[]> {
    if (!canBanCustomers(actor.role) && !canChangeCustomerRoles(actor.role))
      throw new Forbidden('CUSTOMERS.VIEW_FORBIDDEN', "You don't have permission to view customer accounts");
    return this.#accounts.search(search?.trim() || null, this.#limit);
  }
}
