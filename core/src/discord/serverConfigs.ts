import { NO_RESTRICTIONS, type Bind, type ServerRestrictions } from './binds.ts';

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
  /**
   * Role ids whose holders may use /warn, /kick, /ban, /mute. Ids only: Discord role names are not unique, and anyone
   * with Manage Roles can make a role of any name (issue 22). Configurations saved before held names; they are
   * converted once (`convertNamedConfig`), and until then a name matches no role.
   */
  moderatorRoles: string[];
  /** Role ids whose holders may configure the bot (/bind-group, /announce). */
  adminRoles: string[];
  /** The bound Roblox group id; '' when none. */
  boundGroupId: string;
  /** Channel id for the bot's general log; '' when none. */
  logChannel: string;
  /** Channel id where moderation actions are posted; '' when none. */
  moderationLogChannel: string;
  /** Channel id where the bot posts the bound group's scheduled sessions and their reminders; '' when none. */
  sessionsChannel: string;
  /** Which role each rank of the bound group gives; a rank without a bind gives no role. */
  rankBinds: RankBind[];
  /** The role given to verified members; '' when none. */
  verificationRoleId: string;
  /** The role removed from verified members; '' when none. */
  unverifiedRoleId: string;
  /** Placeholders: see formatNickname (nickname.ts); a met bind's own `nickname` template comes first. */
  nicknameFormat: string;
  /** Binds beyond `rankBinds` (issue 35): groups, rank ranges, items; see binds.ts. */
  binds: Bind[];
  /** Who may verify here at all. */
  restrictions: ServerRestrictions;
  /** Where the bot keeps its "Verify" button message; '' when none. */
  verificationChannelId: string;
  /** Roles whose holders no sync ever touches. */
  bypassRoleIds: string[];
}

/** One rank of the bound Roblox group (its 0-255 rank number) and the Discord role id it gives. */
export interface RankBind {
  rankId: number;
  roleId: string;
}

/**
 * Every bind of the server: the legacy `rankBinds` read as `rank` binds of the bound group (ids `rank-<rankId>`,
 * stable while they are), then the stored `binds`.
 */
export function serverBinds(config: Pick<ServerConfig, 'binds' | 'rankBinds' | 'boundGroupId'>): Bind[] {
  const legacy: Bind[] = config.boundGroupId
    ? config.rankBinds.map((bind) => ({
        id: `rank-${bind.rankId}`,
        kind: 'rank',
        groupId: config.boundGroupId,
        rankId: bind.rankId,
        roleIds: [bind.roleId],
      }))
    : [];
  return [...legacy, ...config.binds];
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
  sessionsChannel: '',
  rankBinds: [],
  verificationRoleId: '',
  unverifiedRoleId: '',
  nicknameFormat: DEFAULT_NICKNAME_FORMAT,
  binds: [],
  restrictions: NO_RESTRICTIONS,
  verificationChannelId: '',
  bypassRoleIds: [],
});

/** Its contract in full, run against the fake and the adapter: testing/serverConfigsContract.ts. */
export interface ServerConfigs {
  /** The stored configuration, or the defaults for a guild never configured. */
  get(guildId: string): Promise<ServerConfig>;
  /**
   * Applies the given fields over the stored configuration (or the defaults) and returns the result; fields left
   * out keep their value, so /bind-group can set boundGroupId alone. `guildName` is kept for operators.
   */
  save(guildId: string, changes: Partial<ServerConfig>, guildName?: string): Promise<ServerConfig>;
  /**
   * Whether the guild's configuration may still hold role and channel names from before issue 22 (or was never
   * looked at with the guild's roles): true until `saveConverted` ran once.
   */
  needsNameConversion(guildId: string): Promise<boolean>;
  /**
   * Applies the conversion's changes and records that the conversion ran, in one step under the row's lock; false
   * (and nothing written) when another process converted it first.
   */
  saveConverted(guildId: string, changes: Partial<ServerConfig>): Promise<boolean>;
}
