export const CHANNEL_KINDS = ['text', 'announcement', 'voice', 'stage', 'forum', 'category', 'other'] as const;

/**
 * Ports of the bot's use cases. The bot reaches Discord only through `DiscordGuilds` (discord.js in production,
 * a fake on loopback in tests) and receives slash commands as a transport-neutral `CommandRequest`, so the same
 * handlers could be fed by Discord's HTTP interactions endpoint instead of the gateway.
 */

/** Discord permission names, as Discord's documentation spells them. */
export type DiscordPermission =
  | 'Administrator'
  | 'ManageGuild'
  | 'ManageRoles'
  | 'ManageNicknames'
  | 'KickMembers'
  | 'BanMembers'
  | 'ModerateMembers'
  | 'SendMessages';

export interface GuildRole {
  id: string;
  name: string;
  /** Higher sits above; a bot can only manage roles strictly below its own highest role. */
  position: number;
  /** Integration roles (other bots, boosters) nobody can assign by hand. */
  managed: boolean;
  /** The role's colour as Discord's 24-bit RGB number; 0 for none. */
  colour: number;
  /** The permissions the role grants (those the use cases reason about). */
  permissions: DiscordPermission[];
}

export type ChannelKind = (typeof CHANNEL_KINDS)[number];

export interface GuildChannel {
  id: string;
  name: string;
  type: ChannelKind;
}

/** What the bot knows of a guild: its roles and channels, its owner, and the bot's own standing in it. */
export interface GuildSnapshot {
  id: string;
  name: string;
  ownerId: string;
  roles: GuildRole[];
  channels: GuildChannel[];
  botHighestPosition: number;
  botPermissions: DiscordPermission[];
}

export interface GuildMember {
  id: string;
  username: string;
  /** The account's display name (global name), if set. */
  globalName: string | null;
  nick: string | null;
  roleIds: string[];
  /** A bot account (another integration, or GroupFlow itself): never verifies, so no sync plans it. */
  bot?: boolean;
}

/** Discord refused an action (HTTP 403): the bot lacks a permission or sits too low in the role hierarchy. */
export class DiscordRefused extends Error {
  override name = 'DiscordRefused';
}

/** Everything the use cases do on Discord. Implementations honour Discord's rate limits themselves. */
export interface DiscordGuilds {
  /** Null when the bot is not in that guild. */
  guild(guildId: string): Promise<GuildSnapshot | null>;
  /** Null when the user is not a member of that guild. */
  member(guildId: string, userId: string): Promise<GuildMember | null>;
  /** Sets the member's whole role list and, when given, the nickname (null clears it) in one call. */
  editMember(guildId: string, userId: string, change: { roleIds?: string[]; nick?: string | null }): Promise<void>;
  kick(guildId: string, userId: string, reason: string): Promise<void>;
  ban(guildId: string, userId: string, reason: string): Promise<void>;
  timeout(guildId: string, userId: string, until: Date, reason: string): Promise<void>;
  sendMessage(channelId: string, content: string): Promise<void>;
  /** Ids of the guilds the bot is in. */
  guildIds(): Promise<string[]>;
}

/** A message's single button: `customId` comes back in the interaction when someone presses it. */
export interface MessageButton {
  customId: string;
  label: string;
}

/** The bot's own messages with a button (the verification channel's "Verify" message). */
export interface ButtonMessages {
  /** Whether one of the bot's recent messages in the channel still carries a button with this custom id. */
  hasButton(channelId: string, customId: string): Promise<boolean>;
  /** Posts a message with one button; DiscordRefused when the bot may not post there. */
  postButton(channelId: string, content: string, button: MessageButton): Promise<void>;
}

/** The Discord user behind an interaction, as a member of the guild it came from. */
export interface CommandCaller {
  id: string;
  username: string;
  globalName: string | null;
  roleIds: string[];
  /** The caller's permissions in the channel, as Discord computed them. */
  permissions: DiscordPermission[];
}

export type CommandOption = string | number | boolean | { userId: string };

/** One slash command as any transport delivers it. */
export interface CommandRequest {
  commandName: string;
  guildId: string | null;
  channelId: string | null;
  caller: CommandCaller;
  options: Record<string, CommandOption>;
}

/** The three ways to answer an interaction; the first answer must come within Discord's 3 seconds. */
export interface InteractionReplies {
  /** Acknowledges now and shows "thinking"; the answer follows with `edit`. */
  defer(options: { ephemeral: boolean }): Promise<void>;
  reply(content: string, options: { ephemeral: boolean }): Promise<void>;
  /** Replaces the deferred (or first) answer. */
  edit(content: string): Promise<void>;
}

/**
 * A rank of a Roblox group as stored in group_ranks, with the guild role it was bound to before binds moved into the
 * server configuration (read once, by the conversion of name-based configurations).
 */
export interface RankBinding {
  rankId: number;
  name: string;
  discordRoleId: string | null;
}

export interface GroupRankBindings {
  ranksOf(groupId: string): Promise<RankBinding[]>;
}

/** The GroupFlow account a Discord user linked, with whether ownership of its Roblox account is proven. */
export interface LinkedAccount {
  robloxId: string | null;
  /** The linked account's username as the user entered or proved it, shown beside an unproven claim. */
  robloxUsername?: string | null;
  isVerified: boolean;
  /** The Roblox account a manager of this one server vouched for, if any: it counts in this server only. */
  vouchedRobloxId: string | null;
  /** Banned by GroupFlow staff (issue 26): the bot refuses their commands and gives them no roles. */
  isBanned: boolean;
  bannedReason: string | null;
}

export interface LinkedAccounts {
  /** Null when no GroupFlow user has this Discord id; the vouch read is the one in `guildId`. */
  byDiscordId(discordUserId: string, guildId: string): Promise<LinkedAccount | null>;
}

/**
 * One role sync per server and member at a time, across every bot process: two syncs that both read the member
 * before either writes would each undo the other's change.
 */
export interface MemberSyncLocks {
  exclusive<T>(key: { guildId: string; discordUserId: string }, work: () => Promise<T>): Promise<T>;
}

/** The activities table, for what the bot did. */
export interface BotActivityLog {
  record(entry: { type: string; description: string; metadata: Record<string, unknown> }): Promise<void>;
}

export interface Announcements {
  create(announcement: { title: string; message: string; createdBy: string }): Promise<void>;
}
