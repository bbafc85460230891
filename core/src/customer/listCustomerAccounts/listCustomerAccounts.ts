import { canBanCustomers, canChangeCustomerRoles } from '../../staff/roles.ts';
import {
  requirePermission,
  type CustomerAccount,
  type CustomerAccounts,
  type StaffActor,
} from '../customerAccounts.ts';

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
    requirePermission(
      canBanCustomers(actor.role) || canChangeCustomerRoles(actor.role),
      'You may not view customer accounts',
    );
    return this.#accounts.search(search?.trim() || null, this.#limit);
  }
}
