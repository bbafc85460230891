import { Conflict, Forbidden, NotFound } from '../../shared/errors.ts';
import type { Clock } from '../../shared/clock.ts';
import type { RoleSyncQueue } from '../../discord/ports.ts';
import type { CustomerRepository } from '../../customer/ports.ts';
import { requireCustomer } from '../../customer/requireCustomer.ts';
import type { CustomerDiscordGuilds } from '../customerDiscordGuilds.ts';
import type { ServerConfigs } from '../../discord/serverConfigs.ts';
import { bannedAccounts, membersOf, toView, type MemberView } from '../memberView.ts';
import type { CustomerGuildLists, MemberVouches } from '../ports.ts';

export const CANNOT_VOUCH_FOR_SELF = 'You cannot verify your own account';

/**
 * PATCH /api/users/{userId}/verify: a server manager vouches that a member of their server owns that Roblox
 * account. The vouch is stored per server the caller manages and the member shares (who, when, which account) and
 * queues that server's role sync; it never touches the member's own link, which only the member can prove.
 */
export class VerifyMember {
  readonly #customers: CustomerRepository;
  readonly #guilds: CustomerDiscordGuilds;
  readonly #lists: CustomerGuildLists;
  readonly #vouches: MemberVouches;
  readonly #queue: RoleSyncQueue;
  readonly #configs: ServerConfigs;
  readonly #clock: Clock;

  constructor(deps: {
    customers: CustomerRepository;
    guilds: CustomerDiscordGuilds;
    lists: CustomerGuildLists;
    vouches: MemberVouches;
    queue: RoleSyncQueue;
    configs: ServerConfigs;
    clock: Clock;
  }) {
    this.#customers = deps.customers;
    this.#guilds = deps.guilds;
    this.#lists = deps.lists;
    this.#vouches = deps.vouches;
    this.#queue = deps.queue;
    this.#configs = deps.configs;
    this.#clock = deps.clock;
  }

  async execute(
    customerId: number | undefined,
    userId: number,
    roblox: { robloxId: string; robloxUsername: string },
  ): Promise<MemberView> {
    const caller = await requireCustomer(this.#customers, customerId);
    // A vouch is a manager's word about someone else; one's own word proves nothing.
    if (userId === caller.id) throw new Forbidden('SERVERS.CANNOT_VOUCH_FOR_SELF', CANNOT_VOUCH_FOR_SELF);
    const managed = await this.#guilds.managedForWrite(caller.id);
    const [member] = await membersOf(
      this.#lists,
      managed.map((guild) => guild.id),
      { customerId: userId },
    );
    if (!member) {
      if (!(await this.#customers.findById(userId))) throw new NotFound('SERVERS.USER_NOT_FOUND', 'User not found');
      throw new Forbidden('SERVERS.USER_NOT_IN_MANAGED_SERVER', 'This user is not a member of a server you manage');
    }
    const target = member.customer;
    if (target.isVerified && target.robloxId && target.robloxId !== roblox.robloxId) {
      throw new Conflict('SERVERS.USER_ALREADY_LINKED', 'This user is already linked to another Roblox account.');
    }
    const holder = await this.#customers.findByRobloxId(roblox.robloxId);
    if (holder && holder.id !== target.id)
      throw new Conflict('ROBLOX.ACCOUNT_TAKEN', 'This Roblox account is already linked to another user.');
    // The servers the vouch is about: those the caller manages that the member belongs to.
    const memberOf = new Set(((await this.#lists.read(target.id))?.guilds ?? []).map((guild) => guild.id));
    const shared = managed.filter((guild) => memberOf.has(guild.id));
    const vouchedAt = this.#clock.now();
    const vouches = shared.map((guild) => ({
      guildId: guild.id,
      customerId: target.id,
      vouchedBy: caller.id,
      vouchedAt,
      ...roblox,
    }));
    await this.#vouches.record(vouches);
    if (target.discordId) {
      for (const { guildId } of vouches) await this.#queue.enqueue({ guildId, discordUserId: target.discordId });
    }
    return toView(member, vouches[0], await bannedAccounts(this.#configs, shared));
  }
}
