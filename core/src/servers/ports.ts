/**
 * Ports of the servers area: what Discord says about the guilds a signed-in customer belongs to (through the
 * customer's own OAuth grant, scope `guilds`), kept server-side and cached in the database.
 */
import type { Customer } from '../customer/ports.ts';
import type { RobloxGroupRole } from '../roblox/ports.ts';

/** One entry of Discord's `GET /users/@me/guilds?with_counts=true`. */
export interface UserGuild {
  id: string;
  name: string;
  icon: string | null;
  owner: boolean;
  /** The user's permission bit set in that guild, a decimal string (it exceeds 53 bits). */
  permissions: string;
  approximateMemberCount: number | null;
  approximatePresenceCount: number | null;
}

/** A customer's Discord OAuth tokens. Never leave the server. */
export interface DiscordGrant {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date;
  scope: string;
}

export interface DiscordGrants {
  get(customerId: number): Promise<DiscordGrant | null>;
  save(customerId: number, grant: DiscordGrant): Promise<void>;
  remove(customerId: number): Promise<void>;
}

/** Discord answered 401 (or refused a refresh): the grant is revoked or expired for good. */
export class DiscordGrantRejected extends Error {
  override name = 'DiscordGrantRejected';
}

/** Discord could not be reached, timed out or failed (5xx, 429). */
export class DiscordUnavailable extends Error {
  override name = 'DiscordUnavailable';
}

/** Discord's OAuth API on behalf of a user. */
export interface DiscordUserApi {
  /** Throws `DiscordGrantRejected` on 401, `DiscordUnavailable` otherwise. */
  guildsOf(accessToken: string): Promise<UserGuild[]>;
  /** `grant_type=refresh_token`; throws `DiscordGrantRejected` when Discord refuses it. */
  refresh(refreshToken: string): Promise<DiscordGrant>;
}

/** A signed-in user who shares a guild with the caller (the verification page). */
export interface GuildMemberAccount {
  customer: Customer;
  /** Holds a live website session. */
  isOnline: boolean;
}

export interface MemberFilter {
  /** At most this many (the oldest accounts). */
  limit?: number;
  /** Only customers with a Discord id, not banned, and a proven Roblox link or a vouch in one of the guilds asked. */
  onlyLinked?: boolean;
  /** Only this customer. */
  customerId?: number;
}

/** The last guild list fetched for each customer, and who belongs where. */
export interface CustomerGuildLists {
  read(customerId: number): Promise<{ guilds: UserGuild[]; fetchedAt: Date } | null>;
  replace(customerId: number, guilds: UserGuild[], fetchedAt: Date): Promise<void>;
  /** Customers whose stored list contains any of these guilds, oldest account first. */
  membersOf(guildIds: string[], filter?: MemberFilter): Promise<GuildMemberAccount[]>;
}

/**
 * A server manager's word that a member of their server owns a Roblox account (PATCH /api/users/{id}/verify). It is a
 * fact about that one server: it drives only that server's role sync and its verification list, never the
 * account's proven link, and never counts for groups, workspaces or other servers.
 */
export interface MemberVouch {
  guildId: string;
  customerId: number;
  robloxId: string;
  robloxUsername: string;
  /** The manager who vouched. */
  vouchedBy: number;
  vouchedAt: Date;
}

export interface MemberVouches {
  /** Replaces each member's vouch in each server named, all or none. */
  record(vouches: MemberVouch[]): Promise<void>;
  /** The vouches these customers hold in these servers. */
  of(customerIds: number[], guildIds: string[]): Promise<MemberVouch[]>;
}

/** A bot on the customer dashboard (spec 1 section 3): the GroupFlow bot in one server; no token is ever shown. */
export interface CustomerBot {
  /** The server's id: one card per installation. */
  id: string;
  name: string;
  status: 'online' | 'offline' | 'maintenance';
  isOnline: boolean;
  serverId: string | null;
  serverName: string | null;
  /** When the bot joined that server. */
  createdAt: Date;
}

/** A server on the customer dashboard (spec 1 section 3). */
export interface CustomerServer {
  id: string;
  name: string;
  /** The icon's CDN address, null for the placeholder. */
  icon: string | null;
  memberCount: number;
  botConnected: boolean;
}

/** The bot's installations in a customer's servers, and those servers. */
export interface CustomerBotDirectory {
  botsOf(customerId: number): Promise<CustomerBot[]>;
  serversOf(customerId: number): Promise<CustomerServer[]>;
}

/** Where a guild's icon is on Discord's CDN (null: the placeholder); an address of the edge, so core is told it. */
export type GuildIconUrlOf = (guild: { id: string; icon: string | null }) => string | null;

/**
 * Roblox group ranks GroupFlow keeps (the rosters of groups connected to it), read without asking Roblox: how many
 * members a change of binds would touch is counted from these.
 */
export interface StoredGroupRanks {
  /** The stored roles of these accounts in these groups, `robloxId` naming the account; rank 0 and guests left out. */
  of(robloxIds: string[], groupIds: string[]): Promise<(RobloxGroupRole & { robloxId: string })[]>;
}
