import type { RobloxGroupRole, RobloxUser } from '../../roblox/ports.ts';
import type { GuildMember, GuildRole, GuildSnapshot } from '../botPorts.ts';
import type { ServerConfig } from '../serverConfigs.ts';
import type { RoleProblem } from '../roleProblems.ts';
import { formatNickname } from '../nickname.ts';
import { botHas, memberHighest } from '../authority.ts';

/** A change the bot had to leave out, and why, so the reply and the setup check can explain it. */
export interface SkippedChange {
  target: string;
  reason: string;
}

export const HIERARCHY_FIX = 'move the GroupFlow role above it in Server Settings → Roles';
export const MANAGE_ROLES_FIX = 'the bot lacks the Manage Roles permission';
export const MANAGE_NICKNAMES_FIX = 'the bot lacks the Manage Nicknames permission';

const roleById = (guild: GuildSnapshot, id: string): GuildRole | undefined =>
  id ? guild.roles.find((role) => role.id === id) : undefined;

/** The guild role a rank gives: its bind in the server configuration, by id; a rank without a bind gives none. */
export function roleOfRank(guild: GuildSnapshot, config: ServerConfig, rankId: number): GuildRole | undefined {
  const bind = config.rankBinds.find((candidate) => candidate.rankId === rankId);
  return bind ? roleById(guild, bind.roleId) : undefined;
}

/** Every role the rank binds give (the roles a sync may take away from someone whose rank changed). */
export function rankBoundRoles(guild: GuildSnapshot, config: ServerConfig): GuildRole[] {
  return config.rankBinds
    .map((bind) => roleById(guild, bind.roleId))
    .filter((role, index, all): role is GuildRole => role !== undefined && all.indexOf(role) === index);
}

/** The roles verification gives and takes, by their configured ids. */
export function verificationRoles(
  guild: GuildSnapshot,
  config: ServerConfig,
): { verified?: GuildRole; unverified?: GuildRole } {
  return {
    verified: roleById(guild, config.verificationRoleId),
    unverified: roleById(guild, config.unverifiedRoleId),
  };
}

/** Why the bot may not touch this member at all, or null when it may. */
export function unmanageableReason(guild: GuildSnapshot, member: GuildMember): string | null {
  if (member.id === guild.ownerId) {
    return `${member.username} owns the server, and Discord lets no bot change the owner's roles or nickname`;
  }
  if (memberHighest(guild, member) >= guild.botHighestPosition) {
    return `${member.username}'s highest role is at or above the bot's highest role: ${HIERARCHY_FIX}`;
  }
  return null;
}

/** Why the bot may not give or take this role, or null when it may. */
export function roleBlockReason(guild: GuildSnapshot, role: GuildRole): string | null {
  if (!botHas(guild, 'ManageRoles')) return MANAGE_ROLES_FIX;
  if (role.managed) return 'it is managed by an integration';
  if (role.position >= guild.botHighestPosition) return `it is at or above the bot's highest role: ${HIERARCHY_FIX}`;
  return null;
}

/** Everything the plan is computed from: the server's settings and the member's Discord and Roblox standing. */
export interface MemberSyncInput {
  guild: GuildSnapshot;
  config: ServerConfig;
  member: GuildMember;
  robloxUser: RobloxUser;
  /** Every group the Roblox account is in, with its role there. */
  groupRoles: RobloxGroupRole[];
}

export type MemberSyncPlan =
  | { kind: 'unmanageable'; reason: string; problem: RoleProblem }
  | {
      kind: 'plan';
      rank: string | null;
      adding: GuildRole[];
      removing: GuildRole[];
      /** The nickname to set; undefined when it is already right or may not be set. */
      nick: string | undefined;
      /** The change for DiscordGuilds.editMember; null when the member is already in line. */
      edit: { roleIds?: string[]; nick?: string } | null;
      skipped: SkippedChange[];
      /** What the setup check should hear of, each target once. */
      problems: RoleProblem[];
    };

/**
 * The wanted roles and nickname of one member, and the one edit that gets them there: pure, so the single-member
 * sync (/verify, joins) and the server-wide sync share it, and a rule about roles changes in one place.
 */
export function planMemberSync(input: MemberSyncInput): MemberSyncPlan {
  const { guild, config, member, robloxUser } = input;
  const blocked = unmanageableReason(guild, member);
  if (blocked) {
    return {
      kind: 'unmanageable',
      reason: blocked,
      problem: { kind: 'member', targetId: member.id, name: member.username, reason: blocked },
    };
  }

  const groupRole = input.groupRoles.find((role) => role.groupId === config.boundGroupId) ?? null;
  const rankRole = groupRole ? roleOfRank(guild, config, groupRole.rank) : undefined;
  const otherRankRoles = rankBoundRoles(guild, config).filter((role) => role !== rankRole);
  const { verified: verifiedRole, unverified: unverifiedRole } = verificationRoles(guild, config);

  const has = (role: GuildRole) => member.roleIds.includes(role.id);
  const wanted = [rankRole, verifiedRole].filter(
    (role, index, all): role is GuildRole => role !== undefined && all.indexOf(role) === index,
  );
  const toAdd = wanted.filter((role) => !has(role));
  const toRemove = [...otherRankRoles, unverifiedRole].filter(
    (role, index, all): role is GuildRole =>
      role !== undefined && has(role) && !wanted.includes(role) && all.indexOf(role) === index,
  );

  const skipped: SkippedChange[] = [];
  const noted: RoleProblem[] = [];
  const allowed = (role: GuildRole) => {
    const reason = roleBlockReason(guild, role);
    if (reason) {
      skipped.push({ target: role.name, reason });
      noted.push(
        reason === MANAGE_ROLES_FIX
          ? { kind: 'permission', targetId: 'ManageRoles', name: 'Manage Roles', reason }
          : { kind: 'role', targetId: role.id, name: role.name, reason },
      );
    }
    return reason === null;
  };
  const adding = toAdd.filter(allowed);
  const removing = toRemove.filter(allowed);

  const nickname = formatNickname(config.nicknameFormat, {
    robloxName: robloxUser.name,
    displayName: robloxUser.displayName,
    robloxId: robloxUser.id,
    groupRank: groupRole?.roleName ?? '',
    discordName: member.globalName ?? member.username,
  });
  let nick: string | undefined;
  if (nickname !== member.nick) {
    if (botHas(guild, 'ManageNicknames')) nick = nickname;
    else {
      skipped.push({ target: `nickname "${nickname}"`, reason: MANAGE_NICKNAMES_FIX });
      noted.push({
        kind: 'permission',
        targetId: 'ManageNicknames',
        name: 'Manage Nicknames',
        reason: MANAGE_NICKNAMES_FIX,
      });
    }
  }

  const rolesChange = adding.length > 0 || removing.length > 0;
  const roleIds = [
    ...member.roleIds.filter((id) => !removing.some((role) => role.id === id)),
    ...adding.map((role) => role.id),
  ];
  return {
    kind: 'plan',
    rank: groupRole?.roleName ?? null,
    adding,
    removing,
    nick,
    edit:
      rolesChange || nick !== undefined
        ? { ...(rolesChange ? { roleIds } : {}), ...(nick !== undefined ? { nick } : {}) }
        : null,
    skipped,
    // The same permission may block several roles: noted once.
    problems: noted.filter(
      (problem, index) => noted.findIndex((other) => other.targetId === problem.targetId) === index,
    ),
  };
}
