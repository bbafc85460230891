import type { RobloxGroupRole, RobloxUser } from '../../roblox/ports.ts';
import type { GuildMember, GuildRole, GuildSnapshot, RankBinding } from '../botPorts.ts';
import type { ServerConfig } from '../serverConfigs.ts';
import type { RoleProblem } from '../roleProblems.ts';
import { formatNickname } from '../nickname.ts';
import { botHas, memberHighest } from '../authority.ts';

/** A change the bot had to leave out, and why, so the reply and the setup check can explain it. */
export interface SkippedChange {
  target: string;
  reason: string;
}

const VERIFIED_ROLE_NAME = 'Verified';
const UNVERIFIED_ROLE_NAME = 'Unverified';

export const HIERARCHY_FIX = 'move the GroupFlow role above it in Server Settings → Roles';
export const MANAGE_ROLES_FIX = 'the bot lacks the Manage Roles permission';
export const MANAGE_NICKNAMES_FIX = 'the bot lacks the Manage Nicknames permission';

function byName(roles: GuildRole[], name: string): GuildRole | undefined {
  const wanted = name.toLowerCase();
  return roles.find((role) => role.name.toLowerCase() === wanted);
}

/** The guild role a rank gives: its explicit binding where one exists, otherwise the role of the same name. */
export function roleOfRank(
  guild: GuildSnapshot,
  rank: Pick<RankBinding, 'name' | 'discordRoleId'>,
): GuildRole | undefined {
  return rank.discordRoleId
    ? guild.roles.find((role) => role.id === rank.discordRoleId)
    : byName(guild.roles, rank.name);
}

/** The roles verification gives and takes: the configured ids, otherwise the roles named Verified and Unverified. */
export function verificationRoles(
  guild: GuildSnapshot,
  config: ServerConfig,
): { verified?: GuildRole; unverified?: GuildRole } {
  return {
    verified: config.verificationRoleId
      ? guild.roles.find((role) => role.id === config.verificationRoleId)
      : byName(guild.roles, VERIFIED_ROLE_NAME),
    unverified: config.unverifiedRoleId
      ? guild.roles.find((role) => role.id === config.unverifiedRoleId)
      : byName(guild.roles, UNVERIFIED_ROLE_NAME),
  };
}

/** Why the bot may not touch this member at all, or null when it may. */
function unmanageableReason(guild: GuildSnapshot, member: GuildMember): string | null {
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
  /** The bound group's ranks with their role bindings (empty without a bound group). */
  ranks: RankBinding[];
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
  const { guild, config, ranks, member, robloxUser } = input;
  const blocked = unmanageableReason(guild, member);
  if (blocked) {
    return {
      kind: 'unmanageable',
      reason: blocked,
      problem: { kind: 'member', targetId: member.id, name: member.username, reason: blocked },
    };
  }

  const groupRole = input.groupRoles.find((role) => role.groupId === config.boundGroupId) ?? null;
  const roleOf = (rank: Pick<RankBinding, 'name' | 'discordRoleId'>) => roleOfRank(guild, rank);
  const ownRank = groupRole
    ? (ranks.find((rank) => rank.rankId === groupRole.rank) ?? { name: groupRole.roleName, discordRoleId: null })
    : null;
  const rankRole = ownRank ? roleOf(ownRank) : undefined;
  const otherRankRoles = ranks.filter((rank) => rank !== ownRank).map(roleOf);
  const { verified: verifiedRole, unverified: unverifiedRole } = verificationRoles(guild, config);

  const has = (role: GuildRole) => member.roleIds.includes(role.id);
  const wanted = [rankRole, verifiedRole].filter((role): role is GuildRole => role !== undefined);
  const toAdd = wanted.filter((role) => !has(role));
  const toRemove = [...otherRankRoles, unverifiedRole].filter(
    (role): role is GuildRole => role !== undefined && has(role) && !wanted.includes(role),
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
