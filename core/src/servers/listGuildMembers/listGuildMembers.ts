import type { CustomerRepository } from '../../customer/ports.ts';
import { requireCustomer } from '../../customer/requireCustomer.ts';
import type { CustomerDiscordGuilds } from '../customerDiscordGuilds.ts';
import type { ServerConfigs } from '../../discord/serverConfigs.ts';
import { bannedAccounts, membersOf, toView, type MemberView } from '../memberView.ts';
import type { CustomerGuildLists, MemberVouches } from '../ports.ts';

export interface MemberListSettings {
  /** The verification page lists at most this many users (the oldest accounts first). */
  limit: number;
}

/** GET /api/users: the GroupFlow users who are members of a server the caller manages. */
export class ListGuildMembers {
  readonly #customers: CustomerRepository;
  readonly #guilds: CustomerDiscordGuilds;
  readonly #lists: CustomerGuildLists;
  readonly #vouches: MemberVouches;
  readonly #configs: ServerConfigs;
  readonly #settings: MemberListSettings;

  constructor(
    customers: CustomerRepository,
    guilds: CustomerDiscordGuilds,
    lists: CustomerGuildLists,
    vouches: MemberVouches,
    configs: ServerConfigs,
    settings: MemberListSettings,
  ) {
    this.#customers = customers;
    this.#guilds = guilds;
    this.#lists = lists;
    this.#vouches = vouches;
    this.#configs = configs;
    this.#settings = settings;
  }

  async execute(customerId: number | undefined): Promise<MemberView[]> {
    const customer = await requireCustomer(this.#customers, customerId);
    const servers = await this.#guilds.managedBy(customer.id);
    const managed = servers.map((guild) => guild.id);
    const members = await membersOf(this.#lists, managed, { limit: this.#settings.limit });
    const [vouches, banned] = await Promise.all([
      members.length
        ? this.#vouches.of(
            members.map((member) => member.customer.id),
            managed,
          )
        : [],
      bannedAccounts(this.#configs, servers),
    ]);
    return members.map((member) =>
      toView(
        member,
        vouches.find((vouch) => vouch.customerId === member.customer.id),
        banned,
      ),
    );
  }
}
