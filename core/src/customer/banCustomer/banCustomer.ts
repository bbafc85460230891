import { Conflict, Invalid, NotFound } from '../../shared/errors.ts';
import type { Clock } from '../../shared/clock.ts';
import type { Transaction } from '../../shared/transaction.ts';
import type { StaffActivityLog } from '../../staff/activityLog.ts';
import { describeStaff } from '../../staff/describeStaff.ts';
import { requirePermission } from '../../staff/requirePermission.ts';
import type { RoleSyncQueue } from '../../discord/ports.ts';
import {
  BAN_SOURCE_LABELS,
  describeCustomer,
  requireCustomerAccount,
  requiredReason,
  type BanSource,
  type BanSources,
  type CustomerAccount,
  type CustomerAccounts,
  type CustomerSessionEnder,
  type CustomerTabs,
  type StaffActor,
} from '../customerAccounts.ts';

export interface BanCustomerInput {
  userId: number;
  reason: string;
  /** The ticket or policy violation the ban answers, named in the activity log. */
  source?: BanSource | undefined;
}

/**
 * Bans a customer account (spec 3 section 5: a reason, the banning admin's name, the time). The account's sessions
 * end in the same transaction, so nothing signed in survives the ban; sign-in, the API and the bot read the flag.
 * Then the customer's open tabs are told they were signed out, with the reason (issue 36), and the member's roles are
 * synced in every server: a banned account is unverified everywhere (issue 35).
 */
export class BanCustomer {
  readonly #accounts: CustomerAccounts;
  readonly #sessions: CustomerSessionEnder;
  readonly #sources: BanSources;
  readonly #activities: StaffActivityLog;
  readonly #transaction: Transaction;
  readonly #clock: Clock;
  readonly #roleSync: RoleSyncQueue;
  readonly #tabs: CustomerTabs;

  constructor(
    accounts: CustomerAccounts,
    sessions: CustomerSessionEnder,
    sources: BanSources,
    activities: StaffActivityLog,
    transaction: Transaction,
    clock: Clock,
    roleSync: RoleSyncQueue,
    tabs: CustomerTabs,
  ) {
    this.#accounts = accounts;
    this.#sessions = sessions;
    this.#sources = sources;
    this.#activities = activities;
    this.#transaction = transaction;
    this.#clock = clock;
    this.#roleSync = roleSync;
    this.#tabs = tabs;
  }

  async execute(actor: StaffActor, input: BanCustomerInput): Promise<CustomerAccount> {
    requirePermission(actor, 'customers.ban');
    const reason = requiredReason(input.reason, 'Ban reason is required');
    const bannedBy = actor.username.trim();
    if (!bannedBy) {
      throw new Invalid('REQUEST.INVALID', 'Admin username is required', [
        { path: ['bannedBy'], message: 'Admin username is required' },
      ]);
    }
    const { source } = input;
    const banned = await this.#transaction.run(async () => {
      // The activity log names the source for good, so a mistyped or deleted one is refused, not recorded.
      if (source && !(await this.#sources.exists(source))) {
        throw new NotFound(
          'CUSTOMERS.BAN_SOURCE_NOT_FOUND',
          `No ${BAN_SOURCE_LABELS[source.kind]} #${source.id} to ban the customer from`,
        );
      }
      const account = await requireCustomerAccount(this.#accounts, input.userId);
      const banned = await this.#accounts.ban(account.id, { reason, bannedBy, bannedAt: this.#clock.now() });
      if (!banned) throw new Conflict('CUSTOMERS.ALREADY_BANNED', 'This customer is already banned');
      const sessions = await this.#sessions.endAllFor(account.id);
      if (source) await this.#sources.recordAction(source, `Customer banned: ${account.username}`, actor.id);
      const from = source ? ` (${BAN_SOURCE_LABELS[source.kind]} #${source.id})` : '';
      await this.#activities.record({
        staffUserId: actor.id,
        type: 'customer.banned',
        description:
          `${describeStaff(actor)} banned the customer ${describeCustomer(account)}${from}: ${reason}` +
          ` (${sessions} session${sessions === 1 ? '' : 's'} ended)`,
      });
      return requireCustomerAccount(this.#accounts, account.id);
    });
    // After the commit: a ban that rolled back signs nobody out, and the sync reads the ban.
    await this.#tabs.signOut(banned.id, reason);
    if (banned.discordId) await this.#roleSync.enqueueForUser(banned.discordId);
    return banned;
  }
}
