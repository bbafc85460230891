import type { DiscordPermission, GuildRole, GuildSnapshot } from './botPorts.ts';

/**
 * A guild's roles, channels and the bot's own standing in it, as the bot last saw them (issue 22). The bot records
 * it whenever it loads a guild or sees its roles or channels change; the API reads it to offer the server's real
 * roles and channels in the Configure dialog and to resolve names to ids, since the API process has no gateway.
 */
export interface GuildDirectory {
  record(guild: GuildSnapshot): Promise<void>;
  /** Null until the bot has recorded the guild. */
  read(guildId: string): Promise<GuildSnapshot | null>;
}

/**
 * Permissions that make a role "elevated": whoever holds it can moderate members or change the server. A rank bind
 * to such a role hands them to whoever Roblox ranks there, so it needs an explicit `allowElevated` (issue 22).
 */
export const ELEVATED_PERMISSIONS: readonly DiscordPermission[] = [
  'Administrator',
  'ManageGuild',
  'ManageRoles',
  'KickMembers',
  'BanMembers',
  'ModerateMembers',
];

export function elevatedPermissions(role: GuildRole): DiscordPermission[] {
  return ELEVATED_PERMISSIONS.filter((permission) => role.permissions.includes(permission));
}

export function isElevated(role: GuildRole): boolean {
  return elevatedPermissions(role).length > 0;
}

/** @everyone is a guild's base role, whose id is the guild's: held by every member, never given or taken. */
export function isEveryoneRole(guild: Pick<GuildSnapshot, 'id'>, role: Pick<GuildRole, 'id'>): boolean {
  return role.id === guild.id;
}

/** Whether the bot's role hierarchy lets it give the role: below its highest role, not an integration's, not @everyone. */
export function isAssignable(guild: GuildSnapshot, role: GuildRole): boolean {
  return !role.managed && !isEveryoneRole(guild, role) && role.position < guild.botHighestPosition;
}
