/**
 * Ports shared by the bot (which writes its state and runs role syncs) and the API (which reads that state and
 * asks for syncs). The two run in separate processes that share nothing but PostgreSQL.
 */

/** Asks for a member's roles and nickname to be brought in line with their Roblox rank; runs as a job. */
export interface RoleSyncQueue {
  /** One member in one guild; duplicates of a pending request are dropped. */
  enqueue(request: { guildId: string; discordUserId: string }): Promise<void>;
  /** Every guild (with the bot present) the Discord user is a member of: after linking, proving or unlinking. */
  enqueueForUser(discordUserId: string): Promise<void>;
}
