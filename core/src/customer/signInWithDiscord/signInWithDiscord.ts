import { refuseBanned } from '../requireCustomer.ts';
import { toPublicCustomer, type CustomerRepository, type DiscordIdentity, type PublicCustomer } from '../ports.ts';

/** The end of the Discord OAuth callback: creates the account on first sign-in, refreshes it afterwards. */
export class SignInWithDiscord {
  readonly #customers: CustomerRepository;

  constructor(customers: CustomerRepository) {
    this.#customers = customers;
  }

  async execute(identity: DiscordIdentity): Promise<PublicCustomer> {
    const existing = await this.#customers.findByDiscordId(identity.id);
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
    // Discord is the source of truth for these fields; a rename there shows up at the next sign-in.
    const updated = {
      ...existing,
      username: identity.username,
      email: identity.email,
      avatar: identity.avatar,
      discriminator: identity.discriminator,
    };
    await this.#customers.save(updated);
    return toPublicCustomer(updated);
  }
}
