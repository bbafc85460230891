import { Conflict } from '../../shared/errors.ts';
import type { Transaction } from '../../shared/transaction.ts';
import { refuseBanned, requireCustomer } from '../requireCustomer.ts';
import {
  toPublicCustomer,
  type Customer,
  type CustomerRepository,
  type PublicCustomer,
  type RobloxIdentity,
} from '../ports.ts';
import type { RoleSyncQueue } from '../../discord/ports.ts';
import type { PendingClaims } from '../../roblox/groupPorts.ts';
import type { CustomerSessionEnder } from '../customerAccounts.ts';

export const ROBLOX_TAKEN = 'This Roblox account is already linked to another user.';

/**
 * The end of the Roblox OAuth callback, which proves the visitor owns that Roblox account. Signed in: that account
 * becomes the customer's proven link, unless another full customer has proven it. A Roblox-only customer holding it
 * is the same person (issue 36: the two sign-ins lead to one account): the link moves to the signed-in customer and
 * the Roblox-only account's sessions end, so the next Roblox sign-in lands in the one account; a banned one is
 * refused, so a ban cannot be shed this way. Signed out: signs in as the customer whose link to it is proven, or
 * creates a Roblox-only customer; never into an account that merely typed the username. Either way every unproven
 * claim on the account is released (its owner keeps everything else), all in one transaction, and the member's
 * Discord roles are re-synced.
 */
export class SignInWithRoblox {
  readonly #customers: CustomerRepository;
  readonly #roleSync: RoleSyncQueue;
  readonly #claims: PendingClaims;
  readonly #transaction: Transaction;
  readonly #sessions: CustomerSessionEnder;

  constructor(deps: {
    customers: CustomerRepository;
    roleSync: RoleSyncQueue;
    claims: PendingClaims;
    transaction: Transaction;
    sessions: CustomerSessionEnder;
  }) {
    this.#customers = deps.customers;
    this.#roleSync = deps.roleSync;
    this.#claims = deps.claims;
    this.#transaction = deps.transaction;
    this.#sessions = deps.sessions;
  }

  async execute(identity: RobloxIdentity, signedInCustomerId?: number): Promise<PublicCustomer> {
    const signedIn =
      signedInCustomerId === undefined ? undefined : await requireCustomer(this.#customers, signedInCustomerId);
    const { customer, released, joined } = await this.#transaction.run(() => this.#prove(identity, signedIn));
    // After the commit: a session ended before it could outlive a rolled-back move.
    if (joined) await this.#sessions.endAllFor(joined.id);
    for (const account of [...released.filter((freed) => freed.id !== customer.id), customer]) {
      if (account.discordId) await this.#roleSync.enqueueForUser(account.discordId);
    }
    return toPublicCustomer(customer);
  }

  async #prove(
    identity: RobloxIdentity,
    signedIn: Customer | undefined,
  ): Promise<{ customer: Customer; released: Customer[]; joined?: Customer }> {
    const holder = await this.#customers.findByRobloxId(identity.id);
    const released: Customer[] = [];
    let owner = holder;
    if (holder && !holder.isVerified) {
      // A link nobody proved (left from before claims were kept apart) is a claim: released, never signed into.
      const freed = { ...holder, robloxId: null, robloxUsername: null, isVerified: false };
      await this.#customers.save(freed);
      released.push(freed);
      owner = null;
    }
    await this.#claims.releaseAccount(identity.id);
    const proven = { robloxId: identity.id, robloxUsername: identity.username, isVerified: true };
    if (signedIn) {
      let joined: Customer | undefined;
      if (owner && owner.id !== signedIn.id) {
        if (owner.discordId !== null) throw new Conflict('ROBLOX.ACCOUNT_TAKEN', ROBLOX_TAKEN);
        refuseBanned(owner);
        joined = { ...owner, robloxId: null, robloxUsername: null, isVerified: false };
        await this.#customers.save(joined);
      }
      const current = (await this.#customers.findById(signedIn.id)) ?? signedIn;
      const customer = { ...current, ...proven };
      await this.#customers.save(customer);
      return { customer, released, ...(joined ? { joined } : {}) };
    }
    if (!owner) {
      const customer = await this.#customers.create({
        username: identity.username,
        email: null,
        discordId: null,
        avatar: null,
        discriminator: null,
        ...proven,
      });
      return { customer, released };
    }
    refuseBanned(owner);
    const customer = { ...owner, robloxUsername: identity.username };
    await this.#customers.save(customer);
    return { customer, released };
  }
}
