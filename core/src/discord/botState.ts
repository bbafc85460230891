/**
 * The bot's state as the bot writes it and the API reads it back. Bot and API may run in separate processes
 * (`npm run start:bot`, `npm run start:api`) that share nothing but PostgreSQL, so this is the only way the
 * website learns whether the bot is up, which guilds it is in and how much it is used.
 */

/** A guild the bot is a member of, as the gateway last described it. */
export interface BotGuild {
  /** Discord snowflake. */
  id: string;
  name: string;
  /** Guild icon hash (cdn.discordapp.com/icons/{id}/{icon}.png), null without one. */
  icon: string | null;
  memberCount: number;
  /** When the bot joined the guild (GUILD_CREATE `joined_at`). */
  joinedAt: Date;
}

/** One gateway shard of the bot. A single-process bot is shard 0. */
export interface BotShardPresence {
  shardId: number;
  online: boolean;
  /** Set by `reportOnline` and every `heartbeat`; the API calls the bot online while this is recent. */
  lastHeartbeatAt: Date;
  /** The bot's own Discord user, as READY named it. */
  botUserId: string;
  botName: string;
}

export interface BotStateSnapshot {
  shards: BotShardPresence[];
  /** Every guild of every shard, by name. */
  guilds: BotGuild[];
}

export interface BotState {
  /** After READY: the shard is online now, and it is this Discord user. */
  reportOnline(presence: { shardId: number; botUserId: string; botName: string }, at: Date): Promise<void>;
  /** Periodically while connected; a shard whose heartbeat is older than the API's setting counts as offline. */
  heartbeat(shardId: number, at: Date): Promise<void>;
  /** On a clean shutdown or a lost connection. */
  reportOffline(shardId: number, at: Date): Promise<void>;
  /**
   * After READY (all its GUILD_CREATEs): the shard's complete guild list. Guilds stored for this shard and absent
   * from the list are removed (the bot was removed from them while it was away).
   */
  replaceGuilds(shardId: number, guilds: BotGuild[]): Promise<void>;
  /** GUILD_CREATE after READY, GUILD_UPDATE, member count changes: inserts or updates one guild. */
  upsertGuild(shardId: number, guild: BotGuild): Promise<void>;
  /** GUILD_DELETE (kicked, or the guild was deleted). Its command counts stay for history. */
  removeGuild(guildId: string): Promise<void>;
  /** One slash command used in a guild at that moment (counted per guild per hour, summed on reading). */
  countCommandUse(guildId: string, at: Date): Promise<void>;
  read(): Promise<BotStateSnapshot>;
  /** Commands used per guild since that moment (whole hours: a use counts for the hour it fell in). */
  commandsUsedSince(since: Date): Promise<Map<string, number>>;
}

/** Whether any shard reported in within `maxSilenceMs` of `now`. */
export function isBotOnline(snapshot: BotStateSnapshot, now: Date, maxSilenceMs: number): boolean {
  return snapshot.shards.some(
    (shard) => shard.online && now.getTime() - shard.lastHeartbeatAt.getTime() <= maxSilenceMs,
  );
}
