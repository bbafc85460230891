import type { CustomerDiscordGuilds } from '../customerDiscordGuilds.ts';
import type { DiscordGrant, DiscordGrants } from '../ports.ts';

/**
 * After a Discord sign-in: keeps the customer's tokens server-side for the `guilds` scope, and forgets the stored
 * guild list so the next screen shows the guilds (and permissions) as Discord sees them now.
 */
export class RememberDiscordGrant {
  readonly #grants: DiscordGrants;
  readonly #guilds: CustomerDiscordGuilds;

  constructor(grants: DiscordGrants, guilds: CustomerDiscordGuilds) {
    this.#grants = grants;
    this.#guilds = guilds;
  }

  async execute(customerId: number, grant: DiscordGrant): Promise<void> {
    await this.#grants.save(customerId, grant);
    await this.#guilds.forget(customerId);
  }
}
