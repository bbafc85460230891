import { Conflict, Forbidden } from '../../shared/errors.ts';
import { requireCustomer } from '../requireCustomer.ts';
import { toPublicCustomer, type CustomerRepository, type PublicCustomer, type RobloxIdentity } from '../ports.ts';

/**
 * The end of the Roblox OAuth callback. Signed in: links the Roblox account to that customer. Signed out:
 * signs in as the customer owning that Roblox account, creating one when new. OAuth proves ownership, so
 * the account counts as verified either way.
 */
export class SignInWithRoblox {
  readonly #customers: CustomerRepository;

  constructor(customers: CustomerRepository) {
    this.#customers = customers;
  }

  async execute(identity: RobloxIdentity, signedInCustomerId?: number): Promise<PublicCustomer> {
    const owner = await this.#customers.findByRobloxId(identity.id);
    if (signedInCustomerId !== undefined) {
      const customer = await requireCustomer(this.#customers, signedInCustomerId);
      if (owner && owner.id !== customer.id) {
        throw new Conflict('This Roblox account is already linked to another user.');
      }
      const linked = { ...customer, robloxId: identity.id, robloxUsername: identity.username, isVerified: true };
      await this.#customers.save(linked);
      return toPublicCustomer(linked);
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
    const refreshed = { ...owner, robloxUsername: identity.username, isVerified: true };
    await this.#customers.save(refreshed);
    return toPublicCustomer(refreshed);
  }
}
