import type { RobloxGroupRole, RobloxUser } from '../../roblox/ports.ts';
import type { GuildMember, GuildRole, GuildSnapshot } from '../botPorts.ts';
import type { ServerConfig } from '../serverConfigs.ts';
import type { RoleProblem } from '../roleProblems.ts';
import { formatNickname } from '../nickname.ts';
import { serverBinds } from '../serverConfigs.ts';
import type { Bind, ServerRestrictions } from '../binds.ts';
import { botHas, memberHighest } from '../authority.ts';

/** A change the bot had to leave out, and why, so the reply and the setup check can explain it. */
export interface SkippedChange {
  target: string;
  reason: string;
}

export const HIERARCHY_FIX = 'move the GroupFlow role above it in Server Settings → Roles';
export const MANAGE_ROLES_FIX = 'the bot lacks the Manage Roles permission';
export const MANAGE_NICKNAMES_FIX = 'the bot lacks the Manage Nicknames permission';

/**
 * The guild's roles with these ids, by id in the order named; ids the guild lacks ('' included) are left out. One pass
 * over the guild's roles: a plan runs per member, and a server may have 250 roles and 50,000 members.
 */
function rolesById(guild: GuildSnapshot, ids: readonly string[]): Map<string, GuildRole> {
  const named = new Set(ids);
  const found = new Map<string, GuildRole>();
  for (const role of guild.roles) if (named.has(role.id)) found.set(role.id, role);
  const inOrder = new Map<string, GuildRole>();
  for (const id of named) {
    const role = found.get(id);
    if (role) inOrder.set(id, role);
  }
  return inOrder;
}

/** Every role some bind names, rank binds included: the roles a sync may give or take (others are never touched). */
export function boundRoles(guild: GuildSnapshot, config: ServerConfig): GuildRole[] {
  const named = serverBinds(config).flatMap((bind) => bind.roleIds);
  return [...rolesById(guild, named).values()];
}

/** The roles verification gives and takes, by their configured ids. */
export function verificationRoles(
  guild: GuildSnapshot,
  config: ServerConfig,
): { verified?: GuildRole; unverified?: GuildRole } {
  const roles = rolesById(guild, [config.verificationRoleId, config.unverifiedRoleId]);
  return { verified: roles.get(config.verificationRoleId), unverified: roles.get(config.unverifiedRoleId) };
}

/** Why the bot may not touch this member at all, or null when it may. */
export function unmanageableReason(
  guild: GuildSnapshot,
  member: GuildMember,
  highest = memberHighest(guild, member),
): string | null {
  if (member.id === guild.ownerId) {
    return `${member.username} owns the server, and Discord lets no bot change the owner's roles or nickname`;
  }
  if (highest >= guild.botHighestPosition) {
    return `${member.username}'s highest role is at or above the bot's highest role: ${HIERARCHY_FIX}`;
  }
  return null;
}

/** What keeps the bot from giving or taking this role (a permission it lacks, or the role itself), or null. */
export function roleBlock(guild: GuildSnapshot, role: GuildRole): RoleProblem | null {
  if (!botHas(guild, 'ManageRoles')) {
    return { kind: 'permission', targetId: 'ManageRoles', name: 'Manage Roles', reason: MANAGE_ROLES_FIX };
  }
  const blocked = (reason: string): RoleProblem => ({ kind: 'role', targetId: role.id, name: role.name, reason });
  if (role.managed) return blocked('it is managed by an integration');
  if (role.position >= guild.botHighestPosition) {
    return blocked(`it is at or above the bot's highest role: ${HIERARCHY_FIX}`);
  }
  return null;
}

/** Why the bot may not give or take this role, or null when it may. */
export const roleBlockReason = (guild: GuildSnapshot, role: GuildRole): string | null =>
  roleBlock(guild, role)?.reason ?? null;

/** The member's standing as GroupFlow knows it in this server (a vouch here counts as proven). */
export type MemberStanding =
  | {
      kind: 'proven';
      robloxUser: RobloxUser;
      /** The account's creation date on Roblox; null when Roblox did not say. */
      createdAt: Date | null;
      /** Every group the Roblox account is in, with its role there. */
      groupRoles: RobloxGroupRole[];
      /** Items owned, as `${kind}:${assetId}`, for the server's item binds only. */
      owned: ReadonlySet<string>;
    }
  | { kind: 'unverified'; claim: { robloxId: string; name: string } | null };

export type ProvenStanding = Extract<MemberStanding, { kind: 'proven' }>;

/** Everything the plan is computed from: the server's settings and the member's Discord and Roblox standing. */
export interface MemberSyncInput {
  guild: GuildSnapshot;
  config: ServerConfig;
  member: GuildMember;
  standing: MemberStanding;
  now: Date;
}

export type MemberSyncPlan =
  | { kind: 'unmanageable'; reason: string; problem: RoleProblem }
  | {
      kind: 'plan';
      /** Why the member may not verify here (restrictions), shown by /verify; null when they may. */
      restricted: string | null;
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

const DAY_MS = 24 * 60 * 60_000;

/** A bypassed member's plan: nothing given, taken or renamed. */
const bypassed = (): MemberSyncPlan => ({
  kind: 'plan',
  restricted: null,
  rank: null,
  adding: [],
  removing: [],
  nick: undefined,
  edit: null,
  skipped: [],
  problems: [],
});

/** Why a proven account may not verify in this server, in words for the member; null when it may. */
export function restrictionOf(restrictions: ServerRestrictions, standing: ProvenStanding, now: Date): string | null {
  const banned = restrictions.bannedRobloxIds.find((entry) => entry.robloxId === standing.robloxUser.id);
  if (banned) return `Your Roblox account is banned from verifying here${banned.reason ? `: ${banned.reason}` : ''}`;
  // An account whose creation date Roblox did not give is not held back by its age.
  if (restrictions.minAccountAgeDays > 0 && standing.createdAt) {
    // A creation date after `now` (clocks apart) reads as a new account, not a negative age.
    const days = Math.max(0, Math.floor((now.getTime() - standing.createdAt.getTime()) / DAY_MS));
    if (days < restrictions.minAccountAgeDays)
      return `Your Roblox account is ${days} ${days === 1 ? 'day' : 'days'} old; this server needs accounts at least ${restrictions.minAccountAgeDays} days old`;
  }
  const required = restrictions.requireGroupId;
  if (required && !standing.groupRoles.some((role) => role.groupId === required && role.rank > 0))
    return `This server needs members of the Roblox group ${required}`;
  return null;
}

/** Whether a proven, unrestricted account meets a bind. */
export function matchesBind(bind: Bind, standing: ProvenStanding): boolean {
  const rankIn = (groupId: string | undefined) =>
    standing.groupRoles.find((role) => role.groupId === groupId && role.rank > 0)?.rank;
  switch (bind.kind) {
    case 'verified':
      return true;
    case 'group':
      return rankIn(bind.groupId) !== undefined;
    case 'rank':
      return rankIn(bind.groupId) === bind.rankId;
    case 'rankRange': {
      const rank = rankIn(bind.groupId);
      return rank !== undefined && rank >= (bind.minRank ?? 0) && rank <= (bind.maxRank ?? 255);
    }
    case 'gamepass':
    case 'badge':
    case 'asset':
      return standing.owned.has(`${bind.kind}:${bind.assetId}`);
  }
}

/**
 * The wanted roles and nickname of one member, and the one edit that gets them there: pure, so the single-member
 * sync (/verify, joins) and the server-wide sync share it, and a rule about roles changes in one place.
 */
export function planMemberSync(input: MemberSyncInput): MemberSyncPlan {
  const { guild } = input;
  const server = serverSide(guild, input.config, (member) => memberHighest(guild, member));
  return planWith(server, input.member, input.standing, input.now);
}

/**
 * `planMemberSync` for many members of one server: what depends on the server alone (its binds, the roles they
 * name, the roles' positions) is worked out once, so planning 10,000 members twice (a binds change's count) costs
 * per member only their own roles, groups and binds met. The guild and configuration are read once, here: a
 * planner made before either changed plans with the old ones.
 */
export function memberSyncPlanner(
  guild: GuildSnapshot,
  config: ServerConfig,
): (member: GuildMember, standing: MemberStanding, now: Date) => MemberSyncPlan {
  const positions = new Map(guild.roles.map((role) => [role.id, role.position]));
  const server = serverSide(guild, config, (member) =>
    Math.max(0, ...member.roleIds.map((id) => positions.get(id) ?? 0)),
  );
  return (member, standing, now) => planWith(server, member, standing, now);
}

/** What a plan reads of the server, the same for every member. */
interface ServerSide {
  guild: GuildSnapshot;
  config: ServerConfig;
  binds: Bind[];
  /** The roles a sync may give or take (every bound role, the verified and unverified roles), by id. */
  managed: ReadonlyMap<string, GuildRole>;
  bypassing: ReadonlySet<string>;
  highestOf: (member: GuildMember) => number;
}

function serverSide(
  guild: GuildSnapshot,
  config: ServerConfig,
  highestOf: (member: GuildMember) => number,
): ServerSide {
  const binds = serverBinds(config);
  const managed = rolesById(guild, [
    ...binds.flatMap((bind) => bind.roleIds),
    config.verificationRoleId,
    config.unverifiedRoleId,
  ]);
  return { guild, config, binds, managed, bypassing: new Set(config.bypassRoleIds), highestOf };
}

function planWith(server: ServerSide, member: GuildMember, standing: MemberStanding, now: Date): MemberSyncPlan {
  const { guild, config, binds, managed } = server;
  // A bypass role keeps its holder out of every sync: nothing given, taken or renamed, nothing to report.
  if (member.roleIds.some((id) => server.bypassing.has(id))) return bypassed();
  const blocked = unmanageableReason(guild, member, server.highestOf(member));
  if (blocked) {
    return {
      kind: 'unmanageable',
      reason: blocked,
      problem: { kind: 'member', targetId: member.id, name: member.username, reason: blocked },
    };
  }

  const proven = standing.kind === 'proven' ? standing : null;
  const restricted = proven ? restrictionOf(config.restrictions, proven, now) : null;
  const verified = proven && !restricted ? proven : null;
  const matched = verified ? binds.filter((bind) => matchesBind(bind, verified)) : [];
  const groupRole = verified?.groupRoles.find((role) => role.groupId === config.boundGroupId) ?? null;

  // A member holds exactly the roles of the binds they meet; without a proof (or restricted), the unverified role alone.
  const wantedIds = new Set(
    verified ? [...matched.flatMap((bind) => bind.roleIds), config.verificationRoleId] : [config.unverifiedRoleId],
  );
  const wanted = [...wantedIds].flatMap((id) => managed.get(id) ?? []);
  const held = new Set(member.roleIds);
  const toAdd = wanted.filter((role) => !held.has(role.id));
  const toRemove = [...managed.values()].filter((role) => held.has(role.id) && !wantedIds.has(role.id));

  const skipped: SkippedChange[] = [];
  const noted: RoleProblem[] = [];
  const allowed = (role: GuildRole) => {
    const problem = roleBlock(guild, role);
    if (problem) {
      skipped.push({ target: role.name, reason: problem.reason });
      noted.push(problem);
    }
    return problem === null;
  };
  const adding = toAdd.filter(allowed);
  const removing = toRemove.filter(allowed);

  // An unverified member's nickname is theirs: only a proven, unrestricted member is renamed.
  const nickname = verified
    ? formatNickname(matched.find((bind) => bind.nickname)?.nickname ?? config.nicknameFormat, {
        robloxName: verified.robloxUser.name,
        displayName: verified.robloxUser.displayName,
        robloxId: verified.robloxUser.id,
        groupRank: groupRole?.roleName ?? '',
        discordName: member.globalName ?? member.username,
        groupRanks: Object.fromEntries(verified.groupRoles.map((role) => [role.groupId, role.roleName])),
      })
    : null;
  let nick: string | undefined;
  if (nickname !== null && nickname !== member.nick) {
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
  const removed = new Set(removing.map((role) => role.id));
  const roleIds = [...member.roleIds.filter((id) => !removed.has(id)), ...adding.map((role) => role.id)];
  return {
    kind: 'plan',
    restricted,
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
