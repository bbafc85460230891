import type { GuildMember, LinkedAccount } from '../botPorts.ts';

/** A guild's members for the server-wide sync, read a page at a time. */
export interface GuildMemberPages {
  /** The guild's member count as the bot knows it. */
  memberCount(guildId: string): Promise<number>;
  /** Up to `limit` members with ids above `after`, in id order (Discord's member list). */
  page(guildId: string, after: string, limit: number): Promise<GuildMember[]>;
  /**
   * The member as the bot knows it now (the gateway keeps it current), so an edit made by someone else since the
   * page was read is not undone; null when the bot holds nothing newer than the page.
   */
  current(guildId: string, userId: string): Promise<GuildMember | null>;
}

/** Linked accounts of many Discord users in one read. */
export interface LinkedAccountsBatch {
  /** Only the Discord ids some GroupFlow user holds appear in the answer; vouches are the ones in `guildId`. */
  byDiscordIds(discordUserIds: string[], guildId: string): Promise<Map<string, LinkedAccount>>;
}

export interface ServerSyncSettings {
  /** Members read per request (Discord allows at most 1000). */
  pageSize: number;
  /** Progress is written at least this often while members are only visited (every edit writes it at once). */
  checkpointMs: number;
  /** Roblox lookups of a page running at once. */
  robloxConcurrency: number;
}
