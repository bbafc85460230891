import type { ServerConfig } from './serverConfigs.ts';
import type { CommandCaller, DiscordPermission, GuildMember, GuildSnapshot } from './botPorts.ts';

/**
 * Whether the caller holds one of the listed roles, by id only: a role named like a listed one (anyone with Manage
 * Roles can make one) grants nothing (issue 22, F5). @everyone never counts, or every member would qualify.
 */
function holdsListedRole(caller: CommandCaller, guild: GuildSnapshot, listed: string[]): boolean {
  const wanted = new Set(listed);
  return caller.roleIds.some((id) => id !== guild.id && wanted.has(id));
}

const has = (caller: CommandCaller, permission: DiscordPermission) =>
  caller.permissions.includes(permission) || caller.permissions.includes('Administrator');

/** Admins: an adminRoles role, or Manage Server (which the command's default member permissions ask for). */
export function isServerAdmin(caller: CommandCaller, guild: GuildSnapshot, config: ServerConfig): boolean {
  return caller.id === guild.ownerId || has(caller, 'ManageGuild') || holdsListedRole(caller, guild, config.adminRoles);
}

/** Moderators: a moderatorRoles or adminRoles role, or the Discord permission matching the action. */
export function mayModerate(
  caller: CommandCaller,
  guild: GuildSnapshot,
  config: ServerConfig,
  permission: DiscordPermission,
): boolean {
  return (
    caller.id === guild.ownerId ||
    has(caller, permission) ||
    holdsListedRole(caller, guild, [...config.moderatorRoles, ...config.adminRoles])
  );
}

export function botHas(guild: GuildSnapshot, permission: DiscordPermission): boolean {
  return guild.botPermissions.includes(permission) || guild.botPermissions.includes('Administrator');
}

export function highestRolePosition(guild: GuildSnapshot, roleIds: string[]): number {
  return Math.max(0, ...guild.roles.filter((role) => roleIds.includes(role.id)).map((role) => role.position));
}

export function memberHighest(guild: GuildSnapshot, member: GuildMember): number {
  return highestRolePosition(guild, member.roleIds);
}

/** A configured channel, by id only (issue 22). */
export function channelById(guild: GuildSnapshot, channelId: string) {
  return channelId ? guild.channels.find((channel) => channel.id === channelId) : undefined;
}

/** A channel named in a slash command's option: by id, mention, name, or as #name. */
export function findChannel(guild: GuildSnapshot, reference: string) {
  const wanted = reference
    .trim()
    .replace(/^#/, '')
    .replace(/^<#(\d+)>$/, '$1')
    .toLowerCase();
  if (!wanted) return undefined;
  return guild.channels.find((channel) => channel.id === wanted || channel.name.toLowerCase() === wanted);
}

/** How Discord's settings screen names a permission, for replies. */
export const permissionLabel: Record<DiscordPermission, string> = {
  Administrator: 'Administrator',
  ManageGuild: 'Manage Server',
  ManageRoles: 'Manage Roles',
  ManageNicknames: 'Manage Nicknames',
  KickMembers: 'Kick Members',
  BanMembers: 'Ban Members',
  ModerateMembers: 'Timeout Members',
  SendMessages: 'Send Messages',
};
