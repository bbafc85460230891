import { Conflict } from '../../shared/errors.ts';
import type { Transaction } from '../../shared/transaction.ts';
import type { StaffActivityLog } from '../../staff/activityLog.ts';
import { describeStaff } from '../../staff/describeStaff.ts';
import { requirePermission } from '../../staff/requirePermission.ts';
import type { RoleSyncQueue } from '../../discord/ports.ts';
import {
  describeCustomer,
  requireCustomerAccount,
  requiredReason,
  type CustomerAccount,
  type CustomerAccounts,
  type StaffActor,
} from '../customerAccounts.ts';

export interface UnbanCustomerInput {
  userId: number;
  reason: string;
}

/**
 * Lifts a ban. Whoever may ban may unban, and says why, so the log explains both turns. The member's roles then
 * follow their proof again in every server.
 */
export class UnbanCustomer {
  readonly #accounts: CustomerAccounts;
  readonly #activities: StaffActivityLog;
  readonly #transaction: Transaction;
  readonly #roleSync: RoleSyncQueue;

  constructor(
    accounts: CustomerAccounts,
    activities: StaffActivityLog,
    transaction: Transaction,
    roleSync: RoleSyncQueue,
  ) {
    this.#accounts = accounts;
    this.#activities = activities;
    this.#transaction = transaction;
    this.#roleSync = roleSync;
  }

  async execute(actor: StaffActor, input: UnbanCustomerInput): Promise<CustomerAccount> {
    requirePermission(actor, 'customers.ban');
    const reason = requiredReason(input.reason, 'Reason is required');
    const unbanned = await this.#transaction.run(async () => {
      const account = await requireCustomerAccount(this.#accounts, input.userId);
      if (!(await this.#accounts.unban(account.id)))
        throw new Conflict('CUSTOMERS.NOT_BANNED', 'This customer is not banned');
      await this.#activities.record({
        staffUserId: actor.id,
        type: 'customer.unbanned',
        description:
          `${describeStaff(actor)} lifted the ban of the customer ${describeCustomer(account)}: ${reason}` +
          ` (banned by ${account.bannedBy ?? 'unknown'} for: ${account.bannedReason ?? 'no reason given'})`,
      });
      return requireCustomerAccount(this.#accounts, account.id);
    });
    if (unbanned.discordId) await this.#roleSync.enqueueForUser(unbanned.discordId);
    return unbanned;
  }
}
