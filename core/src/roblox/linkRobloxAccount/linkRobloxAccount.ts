import { Conflict, NotFound, Unavailable } from '../../shared/errors.ts';
import type { CustomerRepository } from '../../customer/ports.ts';
import { requireCustomer } from '../../customer/requireCustomer.ts';
import type { RoleSyncQueue } from '../../discord/ports.ts';
import type { LinkedAccount } from '../../contracts/roblox.ts';
import type { RobloxMemberships, RobloxUsers } from '../ports.ts';
import { currentRolesOf, resyncRoles } from '../linkedAccount.ts';

/**
 * POST /api/user/link-roblox: ties the Roblox account with exactly that username (any case) to the customer. A
 * link is a claim, not a proof: isVerified stays false until OAuth or a profile code proves it, except when the
 * account was already proven for this customer.
 */
export class LinkRobloxAccount {
  readonly #customers: CustomerRepository;
  readonly #users: RobloxUsers;
  readonly #memberships: RobloxMemberships;
  readonly #roleSync: RoleSyncQueue;

  constructor(
    customers: CustomerRepository,
    users: RobloxUsers,
    memberships: RobloxMemberships,
    roleSync: RoleSyncQueue,
  ) {
    this.#customers = customers;
    this.#users = users;
    this.#memberships = memberships;
    this.#roleSync = roleSync;
  }

  async execute(customerId: number | undefined, username: string): Promise<LinkedAccount> {
    const customer = await requireCustomer(this.#customers, customerId);
    const found = await this.#users.byUsername(username);
    if (!found) throw new NotFound('Roblox user not found');
    const holder = await this.#customers.findByRobloxId(found.id);
    if (holder && holder.id !== customer.id)
      throw new Conflict('This Roblox account is already linked to another user');
    const sameAccount = customer.robloxId === found.id;
    const linked = {
      ...customer,
      robloxId: found.id,
      robloxUsername: found.name,
      isVerified: sameAccount && customer.isVerified,
    };
    await this.#customers.save(linked);
    await resyncRoles(this.#roleSync, linked);
    return {
      robloxUsername: found.name,
      robloxId: found.id,
      isVerified: linked.isVerified,
      currentRoles: await currentRolesOf(this.#memberships, found.id).catch((error: unknown) => {
        // The link stands when Roblox stops answering right after it; the roles show up on the next read.
        if (error instanceof Unavailable) return [];
        throw error;
      }),
    };
  }
}
