import { Conflict, Invalid } from '../../shared/errors.ts';
import type { Transaction } from '../../shared/transaction.ts';
import type { StaffActivityLog } from '../../staff/activityLog.ts';
import { describeStaff } from '../../staff/describeStaff.ts';
import { requirePermission } from '../../staff/requirePermission.ts';
import {
  CUSTOMER_ROLES,
  describeCustomer,
  isCustomerRole,
  requireCustomerAccount,
  type CustomerAccount,
  type CustomerAccounts,
  type StaffActor,
} from '../customerAccounts.ts';

export interface ChangeCustomerRoleInput {
  userId: number;
  /** Spec 3 section 5 types it as a string; only CUSTOMER_ROLES are accepted. */
  role: string;
}

const ROLE_MESSAGE = `Role must be one of: ${CUSTOMER_ROLES.join(', ')}`;

/** The platform owner makes a customer an admin or a plain user again; recorded in the staff activity log. */
export class ChangeCustomerRole {
  readonly #accounts: CustomerAccounts;
  readonly #activities: StaffActivityLog;
  readonly #transaction: Transaction;

  constructor(accounts: CustomerAccounts, activities: StaffActivityLog, transaction: Transaction) {
    this.#accounts = accounts;
    this.#activities = activities;
    this.#transaction = transaction;
  }

  async execute(actor: StaffActor, input: ChangeCustomerRoleInput): Promise<CustomerAccount> {
    requirePermission(actor, 'customers.role');
    const role = input.role.trim();
    if (!isCustomerRole(role))
      throw new Invalid('CUSTOMERS.INVALID_ROLE', ROLE_MESSAGE, [{ path: ['role'], message: ROLE_MESSAGE }]);
    return this.#transaction.run(async () => {
      const account = await requireCustomerAccount(this.#accounts, input.userId);
      if (account.role === role)
        throw new Conflict('CUSTOMERS.ROLE_UNCHANGED', `This customer's role is already ${role}`);
      await this.#accounts.setRole(account.id, role);
      await this.#activities.record({
        staffUserId: actor.id,
        type: 'customer.role_changed',
        description: `${describeStaff(actor)} changed the role of the customer ${describeCustomer(account)} from ${account.role} to ${role}`,
      });
      return requireCustomerAccount(this.#accounts, account.id);
    });
  }
}
