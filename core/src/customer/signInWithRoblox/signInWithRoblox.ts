import { Conflict, Forbidden } from '../../shared/errors.ts';
import { requireCustomer } from '../requireCustomer.ts';
import {
  toPublicCustomer,
  type Customer,
  type CustomerRepository,
  type PublicCustomer,
  type RobloxIdentity,
} from '../ports.ts';
import type { RoleSyncQueue } from '../../discord/ports.ts';

/**
 * The end of the Roblox OAuth callback. Signed in: links the Roblox account to that customer. Signed out:
 * signs in as the customer owning that Roblox account, creating one when new. OAuth proves ownership, so
 * the account counts as verified either way, and a proof beats another user's unproven claim (a username typed
 * on the linking page): that claim is released. The member's Discord roles are re-synced.
 */
export class SignInWithRoblox {
  readonly #customers: CustomerRepository;
  readonly #roleSync: RoleSyncQueue;

  constructor(customers: CustomerRepository, roleSync: RoleSyncQueue) {
    this.#customers = customers;
    this.#roleSync = roleSync;
  }

  async #saveAndSync(customer: Customer): Promise<PublicCustomer> {
    await this.#customers.save(customer);
    if (customer.discordId) await this.#roleSync.enqueueForUser(customer.discordId);
    return toPublicCustomer(customer);
  }

  async execute(identity: RobloxIdentity, signedInCustomerId?: number): Promise<PublicCustomer> {
    const owner = await this.#customers.findByRobloxId(identity.id);
    if (signedInCustomerId !== undefined) {
      const customer = await requireCustomer(this.#customers, signedInCustomerId);
      if (owner && owner.id !== customer.id) {
        if (owner.isVerified) throw new Conflict('This Roblox account is already linked to another user.');
        await this.#saveAndSync({ ...owner, robloxId: null, robloxUsername: null, isVerified: false });
      }
      return this.#saveAndSync({
        ...customer,
        robloxId: identity.id,
        robloxUsername: identity.username,
        isVerified: true,
      });
    }
    if (!owner) {
      const created = await this.#customers.create({
        username: identity.username,
        email: null,
        discordId: null,
        avatar: null,
        discriminator: null,
        robloxId: identity.id,
        robloxUsername: identity.username,
        isVerified: true,
      });
      return toPublicCustomer(created);
    }
    if (owner.isBanned) throw new Forbidden('This account is banned');
    return this.#saveAndSync({ ...owner, robloxUsername: identity.username, isVerified: true });
  }
}
