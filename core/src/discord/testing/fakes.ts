import type {
  RobloxGroupRole,
  RobloxInventory,
  RobloxItem,
  RobloxGroups,
  RobloxMemberships,
  RobloxRole,
  RobloxUser,
  RobloxUsers,
} from '../../roblox/ports.ts';
import {
  DiscordRefused,
  type Announcements,
  type BotActivityLog,
  type DiscordGuilds,
  type GroupRankBindings,
  type GuildMember,
  type GuildRole,
  type GuildSnapshot,
  type InteractionReplies,
  type LinkedAccount,
  type LinkedAccounts,
  type MemberSyncLocks,
  type RankBinding,
} from '../botPorts.ts';
import { DEFAULT_SERVER_CONFIG, type ServerConfig } from '../serverConfigs.ts';
import type { GuildMemberPages, LinkedAccountsBatch } from '../runServerSync/ports.ts';
import { InMemoryServerConfigs } from './stateFakes.ts';

/** Stores a configuration synchronously (the defaults, then these fields), for set-ups. */
export function setConfig(
  configs: InMemoryServerConfigs,
  guildId: string,
  changes: Partial<ServerConfig>,
): InMemoryServerConfigs {
  configs.stored.set(guildId, { ...(configs.stored.get(guildId) ?? DEFAULT_SERVER_CONFIG), ...changes });
  return configs;
}

export class InMemoryLinkedAccounts implements LinkedAccounts, LinkedAccountsBatch {
  /** The ban fields default to not banned. */
  readonly accounts = new Map<
    string,
    Omit<LinkedAccount, 'vouchedRobloxId' | 'isBanned' | 'bannedReason'> &
      Partial<Pick<LinkedAccount, 'isBanned' | 'bannedReason'>>
  >();
  /** Vouched Roblox ids by `guildId/discordUserId`. */
  readonly vouches = new Map<string, string>();
  async byDiscordId(discordUserId: string, guildId: string) {
    const account = this.accounts.get(discordUserId);
    if (!account) return null;
    return {
      isBanned: false,
      bannedReason: null,
      ...account,
      vouchedRobloxId: this.vouches.get(`${guildId}/${discordUserId}`) ?? null,
    };
  }
  async byDiscordIds(discordUserIds: string[], guildId: string) {
    const found = new Map<string, LinkedAccount>();
    for (const id of discordUserIds) {
      const account = await this.byDiscordId(id, guildId);
      if (account) found.set(id, account);
    }
    return found;
  }
}

/** One holder per key, in arrival order, within this process (the PostgreSQL adapter spans processes). */
export class InMemoryMemberSyncLocks implements MemberSyncLocks {
  readonly #tails = new Map<string, Promise<unknown>>();
  async exclusive<T>(key: { guildId: string; discordUserId: string }, work: () => Promise<T>): Promise<T> {
    const name = `${key.guildId}/${key.discordUserId}`;
    const before = this.#tails.get(name) ?? Promise.resolve();
    const run = before.then(work, work);
    const tail = run.catch(() => undefined);
    this.#tails.set(name, tail);
    try {
      return await run;
    } finally {
      if (this.#tails.get(name) === tail) this.#tails.delete(name);
    }
  }
}

export class InMemoryRoblox implements RobloxUsers, RobloxMemberships, RobloxInventory {
  readonly users = new Map<string, RobloxUser>();
  readonly roles = new Map<string, RobloxGroupRole[]>();
  /** Items each user owns, as `${kind}:${id}`. */
  readonly inventories = new Map<string, Set<string>>();
  /** Every ownership question, as Roblox would hear it: one per user and call. */
  readonly ownershipAsked: { robloxUserId: string; items: RobloxItem[] }[] = [];
  async byId(id: string) {
    return this.users.get(id) ?? null;
  }
  async byUsername(username: string) {
    return [...this.users.values()].find((user) => user.name.toLowerCase() === username.toLowerCase()) ?? null;
  }
  async groupRolesOf(robloxUserId: string) {
    return this.roles.get(robloxUserId) ?? [];
  }
  async ownedBy(robloxUserId: string, items: readonly RobloxItem[]) {
    this.ownershipAsked.push({ robloxUserId, items: [...items] });
    const mine = this.inventories.get(robloxUserId) ?? new Set<string>();
    return new Set(items.map((item) => `${item.kind}:${item.id}`).filter((key) => mine.has(key)));
  }
}

/** A group's ranks as Roblox names them, for the conversion of name-based configurations. */
export class InMemoryRobloxGroups implements RobloxGroups {
  readonly roles = new Map<string, RobloxRole[]>();
  async byId() {
    return null;
  }
  async rolesOf(groupId: string) {
    return this.roles.get(groupId) ?? [];
  }
}

export class InMemoryRankBindings implements GroupRankBindings {
  readonly ranks = new Map<string, RankBinding[]>();
  async ranksOf(groupId: string) {
    return this.ranks.get(groupId) ?? [];
  }
}

export type DiscordCall = { action: string; guildId?: string; userId?: string; channelId?: string; detail?: unknown };

/**
 * A guild held in memory; `refuse` makes the next member edit fail as Discord's 403 would. Member pages list
 * numeric ids in id order, as Discord does.
 */
export class InMemoryDiscord implements DiscordGuilds, GuildMemberPages {
  readonly guilds = new Map<string, GuildSnapshot>();
  readonly members = new Map<string, GuildMember>();
  readonly calls: DiscordCall[] = [];
  refuse = false;

  addGuild(guild: GuildSnapshot): this {
    this.guilds.set(guild.id, guild);
    return this;
  }
  addMember(guildId: string, member: GuildMember): this {
    this.members.set(`${guildId}/${member.id}`, member);
    return this;
  }
  async guild(guildId: string) {
    return this.guilds.get(guildId) ?? null;
  }
  async member(guildId: string, userId: string) {
    return this.members.get(`${guildId}/${userId}`) ?? null;
  }
  async editMember(guildId: string, userId: string, change: { roleIds?: string[]; nick?: string | null }) {
    if (this.refuse) throw new DiscordRefused('Missing Permissions');
    this.calls.push({ action: 'edit', guildId, userId, detail: change });
    const member = this.members.get(`${guildId}/${userId}`)!;
    if (change.roleIds) member.roleIds = change.roleIds;
    if (change.nick !== undefined) member.nick = change.nick;
  }
  async kick(guildId: string, userId: string, reason: string) {
    this.calls.push({ action: 'kick', guildId, userId, detail: reason });
  }
  async ban(guildId: string, userId: string, reason: string) {
    this.calls.push({ action: 'ban', guildId, userId, detail: reason });
  }
  async timeout(guildId: string, userId: string, until: Date, reason: string) {
    this.calls.push({ action: 'timeout', guildId, userId, detail: { until, reason } });
  }
  async sendMessage(channelId: string, content: string) {
    this.calls.push({ action: 'message', channelId, detail: content });
  }
  async guildIds() {
    return [...this.guilds.keys()];
  }
  #membersOf(guildId: string): GuildMember[] {
    return [...this.members.entries()]
      .filter(([key]) => key.startsWith(`${guildId}/`))
      .map(([, member]) => member)
      .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  }
  async memberCount(guildId: string) {
    return this.#membersOf(guildId).length;
  }
  async page(guildId: string, after: string, limit: number) {
    this.calls.push({ action: 'page', guildId, detail: { after, limit } });
    return structuredClone(this.#membersOf(guildId).filter((member) => BigInt(member.id) > BigInt(after))).slice(
      0,
      limit,
    );
  }
  async current(guildId: string, userId: string) {
    return structuredClone(this.members.get(`${guildId}/${userId}`) ?? null);
  }
}

export class InMemoryActivityLog implements BotActivityLog {
  readonly entries: { type: string; description: string; metadata: Record<string, unknown> }[] = [];
  async record(entry: { type: string; description: string; metadata: Record<string, unknown> }) {
    this.entries.push(entry);
  }
}

export class InMemoryAnnouncements implements Announcements {
  readonly stored: { title: string; message: string; createdBy: string }[] = [];
  async create(announcement: { title: string; message: string; createdBy: string }) {
    this.stored.push(announcement);
  }
}

/** Records what a handler answered, in order. */
export class RecordingReplies implements InteractionReplies {
  readonly sent: { kind: 'defer' | 'reply' | 'edit'; content?: string; ephemeral?: boolean }[] = [];
  async defer(options: { ephemeral: boolean }) {
    this.sent.push({ kind: 'defer', ephemeral: options.ephemeral });
  }
  async reply(content: string, options: { ephemeral: boolean }) {
    this.sent.push({ kind: 'reply', content, ephemeral: options.ephemeral });
  }
  async edit(content: string) {
    this.sent.push({ kind: 'edit', content });
  }
  /** The text the user finally sees. */
  get lastText(): string {
    return [...this.sent].reverse().find((entry) => entry.content !== undefined)?.content ?? '';
  }
}

/** A guild role for fixtures: no colour, no permissions, not managed unless said. */
export function role(id: string, name: string, position: number, overrides: Partial<GuildRole> = {}): GuildRole {
  return { id, name, position, managed: false, colour: 0, permissions: [], ...overrides };
}

/** A guild with the usual roles: bot role at 10, rank roles below it, one role above it. */
export function makeGuild(overrides: Partial<GuildSnapshot> = {}): GuildSnapshot {
  return {
    id: 'g1',
    name: 'Test Guild',
    ownerId: 'owner',
    roles: [
      role('g1', '@everyone', 0),
      role('r-verified', 'Verified', 2),
      role('r-unverified', 'Unverified', 1),
      role('r-member', 'Member', 3),
      role('r-officer', 'Officer', 4),
      role('r-mod', 'Moderators', 5, { permissions: ['KickMembers', 'BanMembers', 'ModerateMembers'] }),
      role('r-bot', 'GroupFlow', 10, { managed: true }),
      role('r-leader', 'Leader', 12, { permissions: ['Administrator'] }),
    ],
    channels: [
      { id: 'c-log', name: 'mod-log', type: 'text' },
      { id: 'c-news', name: 'news', type: 'text' },
    ],
    botHighestPosition: 10,
    botPermissions: ['ManageRoles', 'ManageNicknames', 'KickMembers', 'BanMembers', 'ModerateMembers', 'SendMessages'],
    ...overrides,
  };
}
