/** In-memory stand-ins for the servers ports. */
import type { RoleSyncQueue } from '../../discord/ports.ts';
import type { InMemoryCustomerRepository } from '../../customer/testing/fakes.ts';
import {
  DiscordGrantRejected,
  DiscordUnavailable,
  type CustomerGuildLists,
  type DiscordGrant,
  type DiscordGrants,
  type DiscordUserApi,
  type GuildMemberAccount,
  type MemberFilter,
  type MemberVouch,
  type MemberVouches,
  type UserGuild,
  type CustomerBot,
  type CustomerBotDirectory,
  type CustomerServer,
  type StoredGroupRanks,
} from '../ports.ts';
import type { RobloxGroupRole } from '../../roblox/ports.ts';

export const OWNER = { owner: true, permissions: '0' };
export const MANAGER = { owner: false, permissions: String(1 << 5) };
export const MEMBER = { owner: false, permissions: String(1 << 10) };

export function makeGuild(
  id: string,
  access: { owner: boolean; permissions: string } = OWNER,
  overrides: Partial<UserGuild> = {},
): UserGuild {
  return {
    id,
    name: `Guild ${id}`,
    icon: null,
    approximateMemberCount: 10,
    approximatePresenceCount: 4,
    ...access,
    ...overrides,
  };
}

export class InMemoryDiscordGrants implements DiscordGrants {
  readonly grants = new Map<number, DiscordGrant>();
  async get(customerId: number) {
    return this.grants.get(customerId) ?? null;
  }
  async save(customerId: number, grant: DiscordGrant) {
    this.grants.set(customerId, grant);
  }
  async remove(customerId: number) {
    this.grants.delete(customerId);
  }
}

/** Discord's user API: guilds per access token, refresh tokens that work once. */
export class FakeDiscordUserApi implements DiscordUserApi {
  readonly guildsByToken = new Map<string, UserGuild[]>();
  readonly refreshable = new Map<string, DiscordGrant>();
  down = false;
  guildCalls = 0;
  refreshCalls = 0;

  async guildsOf(accessToken: string) {
    this.guildCalls++;
    await Promise.resolve();
    if (this.down) throw new DiscordUnavailable('down');
    const guilds = this.guildsByToken.get(accessToken);
    if (!guilds) throw new DiscordGrantRejected('401');
    return guilds;
  }
  async refresh(refreshToken: string) {
    this.refreshCalls++;
    await Promise.resolve();
    if (this.down) throw new DiscordUnavailable('down');
    const next = this.refreshable.get(refreshToken);
    this.refreshable.delete(refreshToken);
    if (!next) throw new DiscordGrantRejected('invalid_grant');
    return next;
  }
}

export class InMemoryCustomerGuildLists implements CustomerGuildLists {
  readonly lists = new Map<number, { guilds: UserGuild[]; fetchedAt: Date }>();
  readonly online = new Set<number>();
  readonly #customers: InMemoryCustomerRepository;
  constructor(customers: InMemoryCustomerRepository) {
    this.#customers = customers;
  }
  async read(customerId: number) {
    return this.lists.get(customerId) ?? null;
  }
  async replace(customerId: number, guilds: UserGuild[], fetchedAt: Date) {
    this.lists.set(customerId, { guilds, fetchedAt });
  }
  async membersOf(guildIds: string[], filter: MemberFilter = {}): Promise<GuildMemberAccount[]> {
    const members: GuildMemberAccount[] = [];
    for (const [customerId, list] of [...this.lists].sort(([a], [b]) => a - b)) {
      const customer = this.#customers.stored(customerId);
      if (!customer || !list.guilds.some((guild) => guildIds.includes(guild.id))) continue;
      if (filter.customerId !== undefined && filter.customerId !== customerId) continue;
      if (filter.onlyLinked && !(customer.robloxId && customer.discordId && !customer.isBanned)) continue;
      members.push({ customer: { ...customer }, isOnline: this.online.has(customerId) });
    }
    return members.slice(0, filter.limit);
  }
}

/** Stored roster ranks, as `group_members` holds them for connected groups. */
export class InMemoryStoredGroupRanks implements StoredGroupRanks {
  readonly roles: (RobloxGroupRole & { robloxId: string })[] = [];
  async of(robloxIds: string[], groupIds: string[]) {
    return this.roles.filter((role) => robloxIds.includes(role.robloxId) && groupIds.includes(role.groupId));
  }
}

export class RecordingRoleSyncQueue implements RoleSyncQueue {
  readonly members: { guildId: string; discordUserId: string }[] = [];
  readonly users: string[] = [];
  async enqueue(request: { guildId: string; discordUserId: string }) {
    this.members.push(request);
  }
  async enqueueForUser(discordUserId: string) {
    this.users.push(discordUserId);
  }
}

export class InMemoryMemberVouches implements MemberVouches {
  readonly vouches: MemberVouch[] = [];
  async record(vouches: MemberVouch[]) {
    for (const vouch of vouches) {
      const index = this.vouches.findIndex(
        (held) => held.guildId === vouch.guildId && held.customerId === vouch.customerId,
      );
      if (index >= 0) this.vouches.splice(index, 1);
      this.vouches.push({ ...vouch });
    }
  }
  async of(customerIds: number[], guildIds: string[]) {
    return this.vouches.filter((vouch) => customerIds.includes(vouch.customerId) && guildIds.includes(vouch.guildId));
  }
}

export class InMemoryBotDirectory implements CustomerBotDirectory {
  readonly bots = new Map<number, CustomerBot[]>();
  readonly servers = new Map<number, CustomerServer[]>();
  async botsOf(customerId: number) {
    return this.bots.get(customerId) ?? [];
  }
  async serversOf(customerId: number) {
    return this.servers.get(customerId) ?? [];
  }
}
