/**
 * Per-server (Discord guild) configuration: edited by the dashboard's Configure Server dialog
 * (GET/POST /api/discord/servers/{id}/config), by /bind-group, and read by role sync and moderation.
 */

export interface ServerConfig {
  moderationEnabled: boolean;
  verificationEnabled: boolean;
  groupBindingEnabled: boolean;
  /** Sync roles when a member joins (GUILD_MEMBER_ADD). */
  autoRoleSync: boolean;
  /** Role ids or names (matched case-insensitively) whose holders may use /warn, /kick, /ban, /mute. */
  moderatorRoles: string[];
  /** Role ids or names whose holders may configure the bot (/bind-group, /announce). */
  adminRoles: string[];
  /** The bound Roblox group id; '' when none. */
  boundGroupId: string;
  /** Channel id or name for the bot's general log; '' when none. */
  logChannel: string;
  /** Channel id or name where moderation actions are posted; '' when none. */
  moderationLogChannel: string;
  /** The role given to verified members; '' means the role named "Verified". */
  verificationRoleId: string;
  /** The role removed from verified members; '' when none. */
  unverifiedRoleId: string;
  /** Placeholders {roblox-name}, {display-name}, {smart-name}, {roblox-id}, {group-rank}, {discord-name}. */
  nicknameFormat: string;
}

/** The game-username placeholder (spec 3 "default nickname format"). */
export const DEFAULT_NICKNAME_FORMAT = '{roblox-name}';

/** Spec 1 section 3: the first three features on, autoRoleSync off, lists and strings empty. */
export const DEFAULT_SERVER_CONFIG: Readonly<ServerConfig> = Object.freeze({
  moderationEnabled: true,
  verificationEnabled: true,
  groupBindingEnabled: true,
  autoRoleSync: false,
  moderatorRoles: [],
  adminRoles: [],
  boundGroupId: '',
  logChannel: '',
  moderationLogChannel: '',
  verificationRoleId: '',
  unverifiedRoleId: '',
  nicknameFormat: DEFAULT_NICKNAME_FORMAT,
});

export interface ServerConfigs {
  /** The stored configuration, or the defaults for a guild never configured. */
  get(guildId: string): Promise<ServerConfig>;
  /**
   * Applies the given fields over the stored configuration (or the defaults) and returns the result; fields left
   * out keep their value, so /bind-group can set boundGroupId alone. `guildName` is kept for operators.
   */
  save(guildId: string, changes: Partial<ServerConfig>, guildName?: string): Promise<ServerConfig>;
}
