import { Conflict, NotFound, Unavailable } from '../../shared/errors.ts';
import type { Clock } from '../../shared/clock.ts';
import type { CustomerRepository } from '../../customer/ports.ts';
import { requireCustomer } from '../../customer/requireCustomer.ts';
import type { PendingClaims } from '../groupPorts.ts';
import type { RobloxMemberships, RobloxUsers } from '../ports.ts';
import { currentRolesOf } from '../linkedAccount.ts';

export interface ClaimSettings {
  /** A claim not proven within this long is dropped. */
  claimTtlMs: number;
}

/** The answer to linking: the account and, as "Group: Role", its current roles. */
export interface LinkedRobloxAccount {
  robloxUsername: string;
  robloxId: string;
  isVerified: boolean;
  currentRoles: string[];
}

/**
 * POST /api/user/link-roblox: the Roblox account with exactly that username (any case) becomes the customer's
 * pending claim. A claim is not a link: the current (proven) link, its Discord roles and its groups stay as they
 * are until a profile code or Roblox sign-in proves the claimed account; typing someone else's name changes nothing.
 * Typing the account already proven drops any other claim.
 */
export class LinkRobloxAccount {
  readonly #customers: CustomerRepository;
  readonly #users: RobloxUsers;
  readonly #memberships: RobloxMemberships;
  readonly #claims: PendingClaims;
  readonly #clock: Clock;
  readonly #settings: ClaimSettings;

  constructor(deps: {
    customers: CustomerRepository;
    users: RobloxUsers;
    memberships: RobloxMemberships;
    claims: PendingClaims;
    clock: Clock;
    settings: ClaimSettings;
  }) {
    this.#customers = deps.customers;
    this.#users = deps.users;
    this.#memberships = deps.memberships;
    this.#claims = deps.claims;
    this.#clock = deps.clock;
    this.#settings = deps.settings;
  }

  async execute(customerId: number | undefined, username: string): Promise<LinkedRobloxAccount> {
    const customer = await requireCustomer(this.#customers, customerId);
    const found = await this.#users.byUsername(username);
    if (!found) throw new NotFound('ROBLOX.USER_NOT_FOUND', 'Roblox user not found');
    const alreadyProven = customer.isVerified && customer.robloxId === found.id;
    if (alreadyProven) {
      await this.#claims.remove(customer.id);
    } else {
      const holder = await this.#customers.findByRobloxId(found.id);
      if (holder && holder.id !== customer.id)
        throw new Conflict('ROBLOX.ACCOUNT_TAKEN', 'This Roblox account is already linked to another user');
      await this.#claims.put({
        customerId: customer.id,
        robloxId: found.id,
        robloxUsername: found.name,
        expiresAt: new Date(this.#clock.now().getTime() + this.#settings.claimTtlMs),
      });
    }
    return {
      robloxUsername: found.name,
      robloxId: found.id,
      isVerified: alreadyProven,
      currentRoles: await currentRolesOf(this.#memberships, found.id).catch((error: unknown) => {
        // The claim stands when Roblox stops answering right after it; the roles show up on the next read.
        if (error instanceof Unavailable) return [];
        throw error;
      }),
    };
  }
}
