import type { RoleSyncQueue } from '../../discord/ports.ts';
import type { CustomerRepository } from '../../customer/ports.ts';
import { requireCustomer } from '../../customer/requireCustomer.ts';
import type { CustomerDiscordGuilds } from '../customerDiscordGuilds.ts';
import type { CustomerGuildLists } from '../ports.ts';

/**
 * POST /api/discord/servers/{id}/sync: a role sync job for every member of the guild with a linked Roblox account
 * (the only members whose roles follow a rank); jobs already pending for a member are not doubled by the queue.
 */
export class RequestServerSync {
  readonly #customers: CustomerRepository;
  readonly #guilds: CustomerDiscordGuilds;
  readonly #lists: CustomerGuildLists;
  readonly #queue: RoleSyncQueue;

  constructor(
    customers: CustomerRepository,
    guilds: CustomerDiscordGuilds,
    lists: CustomerGuildLists,
    queue: RoleSyncQueue,
  ) {
    this.#customers = customers;
    this.#guilds = guilds;
    this.#lists = lists;
    this.#queue = queue;
  }

  async execute(customerId: number | undefined, guildId: string): Promise<{ queued: number }> {
    const customer = await requireCustomer(this.#customers, customerId);
    await this.#guilds.requireManaged(customer.id, guildId);
    const linked = (await this.#lists.membersOf([guildId], { onlyLinked: true })).map((member) => member.customer);
    for (const member of linked) await this.#queue.enqueue({ guildId, discordUserId: member.discordId! });
    return { queued: linked.length };
  }
}
