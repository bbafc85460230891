import { Conflict } from '../../shared/errors.ts';
import { refuseBanned } from '../requireCustomer.ts';
import {
  toPublicCustomer,
  type Customer,
  type CustomerRepository,
  type DiscordIdentity,
  type PublicCustomer,
} from '../ports.ts';

export const DISCORD_TAKEN = 'This Discord account belongs to another GroupFlow customer.';

/** What a Discord sign-in writes onto an account: Discord is the source of truth for these fields. */
const fromDiscord = (identity: DiscordIdentity) => ({
  discordId: identity.id,
  username: identity.username,
  email: identity.email,
  avatar: identity.avatar,
  discriminator: identity.discriminator,
});

/**
 * The end of the Discord OAuth callback: creates the account on first sign-in, refreshes it afterwards. A
 * Roblox-only customer signed in when it starts connects Discord to that account (issue 36: the two sign-ins lead
 * to one account), unless the Discord account already belongs to another customer.
 */
export class SignInWithDiscord {
  readonly #customers: CustomerRepository;

  constructor(customers: CustomerRepository) {
    this.#customers = customers;
  }

  async execute(identity: DiscordIdentity, signedInCustomerId?: number): Promise<PublicCustomer> {
    const existing = await this.#customers.findByDiscordId(identity.id);
    // A session whose account is gone signs in afresh, as a signed-out visitor would.
    const signedIn = signedInCustomerId === undefined ? null : await this.#customers.findById(signedInCustomerId);
    if (signedIn && signedIn.discordId === null) return this.#connect(signedIn, existing, identity);
    if (!existing) {
      const created = await this.#customers.create({
        username: identity.username,
        email: identity.email,
        discordId: identity.id,
        avatar: identity.avatar,
        discriminator: identity.discriminator,
        robloxId: null,
        robloxUsername: null,
        isVerified: false,
      });
      return toPublicCustomer(created);
    }
    refuseBanned(existing);
    // A rename on Discord shows up at the next sign-in.
    const updated = { ...existing, ...fromDiscord(identity) };
    await this.#customers.save(updated);
    return toPublicCustomer(updated);
  }

  async #connect(signedIn: Customer, holder: Customer | null, identity: DiscordIdentity): Promise<PublicCustomer> {
    if (holder && holder.id !== signedIn.id) throw new Conflict('AUTH.DISCORD_TAKEN', DISCORD_TAKEN);
    refuseBanned(signedIn);
    const connected = { ...signedIn, ...fromDiscord(identity) };
    await this.#customers.save(connected);
    return toPublicCustomer(connected);
  }
}
