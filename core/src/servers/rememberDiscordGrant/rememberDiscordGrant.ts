import type { CustomerDiscordGuilds } from '../customerDiscordGuilds.ts';
import type { DiscordGrant, DiscordGrants } from '../ports.ts';

/**
 * After a Discord sign-in: keeps the customer's tokens server-side for the `guilds` scope and fetches their guild
 * list now, so the screens show guilds and permissions as Discord sees them today, and the managers of those
 * guilds see the customer among their members (the verification page) without waiting for them to open a screen.
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
    await this.#guilds.guildsOf(customerId);
  }
}
