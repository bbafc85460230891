import { Conflict, Forbidden, NotFound } from '../../shared/errors.ts';
import type { RoleSyncQueue } from '../../discord/ports.ts';
import type { CustomerRepository } from '../../customer/ports.ts';
import { requireCustomer } from '../../customer/requireCustomer.ts';
import type { CustomerDiscordGuilds } from '../customerDiscordGuilds.ts';
import type { CustomerGuildLists, GuildMemberAccount, MemberFilter } from '../ports.ts';

/** A card of the verification page: never the member's email. */
export interface MemberView {
  id: number;
  username: string;
  discordId: string | null;
  avatar: string | null;
  discriminator: string | null;
  isVerified: boolean;
  isOnline: boolean;
  robloxId: string | null;
  robloxUsername: string | null;
  createdAt: Date;
}

const toView = ({ customer, isOnline }: GuildMemberAccount): MemberView => ({
  id: customer.id,
  username: customer.username,
  discordId: customer.discordId,
  avatar: customer.avatar,
  discriminator: customer.discriminator,
  isVerified: customer.isVerified,
  isOnline,
  robloxId: customer.robloxId,
  robloxUsername: customer.robloxUsername,
  createdAt: customer.createdAt,
});

async function membersOfManaged(
  guilds: CustomerDiscordGuilds,
  lists: CustomerGuildLists,
  customerId: number,
  filter: MemberFilter,
) {
  const managed = (await guilds.managedBy(customerId)).map((guild) => guild.id);
  return managed.length ? lists.membersOf(managed, filter) : [];
}

export interface MemberListSettings {
  /** The verification page lists at most this many users (the oldest accounts first). */
  limit: number;
}

/** GET /api/users: the GroupFlow users who are members of a server the caller manages. */
export class ListGuildMembers {
  readonly #customers: CustomerRepository;
  readonly #guilds: CustomerDiscordGuilds;
  readonly #lists: CustomerGuildLists;
  readonly #settings: MemberListSettings;

  constructor(
    customers: CustomerRepository,
    guilds: CustomerDiscordGuilds,
    lists: CustomerGuildLists,
    settings: MemberListSettings,
  ) {
    this.#customers = customers;
    this.#guilds = guilds;
    this.#lists = lists;
    this.#settings = settings;
  }

  async execute(customerId: number | undefined): Promise<MemberView[]> {
    const customer = await requireCustomer(this.#customers, customerId);
    return (await membersOfManaged(this.#guilds, this.#lists, customer.id, { limit: this.#settings.limit })).map(
      toView,
    );
  }
}

/**
 * PATCH /api/users/{userId}/verify: a server manager vouches that a member of their server owns that Roblox
 * account. It links the account when the member has none, never replaces another link, and queues a role sync.
 */
export class VerifyMember {
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

  async execute(
    customerId: number | undefined,
    userId: number,
    roblox: { robloxId: string; robloxUsername: string },
  ): Promise<MemberView> {
    const caller = await requireCustomer(this.#customers, customerId);
    const [member] = await membersOfManaged(this.#guilds, this.#lists, caller.id, { customerId: userId });
    if (!member) {
      if (!(await this.#customers.findById(userId))) throw new NotFound('User not found');
      throw new Forbidden('This user is not a member of a server you manage');
    }
    const target = member.customer;
    if (target.robloxId && target.robloxId !== roblox.robloxId) {
      throw new Conflict('This user is already linked to another Roblox account.');
    }
    const holder = await this.#customers.findByRobloxId(roblox.robloxId);
    if (holder && holder.id !== target.id) throw new Conflict('This Roblox account is already linked to another user.');
    const verified = { ...target, robloxId: roblox.robloxId, robloxUsername: roblox.robloxUsername, isVerified: true };
    await this.#customers.save(verified);
    if (verified.discordId) await this.#queue.enqueueForUser(verified.discordId);
    return toView({ customer: verified, isOnline: member.isOnline });
  }
}
