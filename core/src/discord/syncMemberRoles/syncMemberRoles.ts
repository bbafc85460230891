import type { RobloxGroupRole, RobloxMemberships, RobloxUser, RobloxUsers } from '../../roblox/ports.ts';
import {
  DiscordRefused,
  type DiscordGuilds,
  type GuildMember,
  type GuildRole,
  type GuildSnapshot,
  type LinkedAccounts,
  type MemberSyncLocks,
} from '../botPorts.ts';
import type { ServerConfig, ServerConfigs } from '../serverConfigs.ts';
import type { RoleProblem, RoleProblemLog } from '../roleProblems.ts';
import { formatNickname } from '../nickname.ts';
import { botHas, memberHighest } from '../authority.ts';

/** A change the bot had to leave out, and why, so the reply and the setup check can explain it. */
export interface SkippedChange {
  target: string;
  reason: string;
}

export type SyncOutcome =
  | { kind: 'not-linked' }
  | { kind: 'not-verified' }
  | { kind: 'verification-off' }
  | { kind: 'not-in-guild' }
  | { kind: 'member-unmanageable'; reason: string }
  | { kind: 'refused'; reason: string }
  | {
      kind: 'synced';
      robloxName: string;
      rank: string | null;
      added: string[];
      removed: string[];
      /** The nickname set by this sync; null when it was already right or could not be set. */
      nickname: string | null;
      skipped: SkippedChange[];
    };

const HIERARCHY_FIX = 'move the GroupFlow role above it in Server Settings → Roles';
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

/** What one member's sync should change, computed without touching Discord. */
export interface MemberSyncPlan {
  /** Roles to give that the bot may give. */
  adding: GuildRole[];
  /** Roles to take that the bot may take. */
  removing: GuildRole[];
  /** The member's whole role list after the change (what a member PATCH sends). */
  roleIds: string[];
  /** The nickname to set; undefined when it is already right or the bot may not set it. */
  newNick: string | undefined;
  /** Changes left out, and why. */
  skipped: SkippedChange[];
  /** What the setup check should hear about (each permission or role once). */
  noted: RoleProblem[];
}

/**
 * The roles and nickname one member should have, given the guild as the bot sees it, the server's configuration, the
 * member's Roblox account and their role in the bound group (null when not in it). Pure: /verify, the queued sync and
 * a server-wide sync over thousands of members all compute with it. Roles are taken by id only: the verified and
 * unverified role ids and the rank binds of the configuration; a role merely named like a rank gives nothing.
 */
export function planMemberSync(input: {
  guild: GuildSnapshot;
  member: GuildMember;
  config: ServerConfig;
  robloxUser: RobloxUser;
  groupRole: RobloxGroupRole | null;
}): MemberSyncPlan {
  const { guild, member, config, robloxUser, groupRole } = input;
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
  let newNick: string | undefined;
  if (nickname !== member.nick) {
    if (botHas(guild, 'ManageNicknames')) newNick = nickname;
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
  const roleIds = [
    ...member.roleIds.filter((id) => !removing.some((role) => role.id === id)),
    ...adding.map((role) => role.id),
  ];
  // The same permission may block several roles: noted once.
  const distinct = noted.filter(
    (problem, index) => noted.findIndex((other) => other.targetId === problem.targetId) === index,
  );
  return { adding, removing, roleIds, newNick, skipped, noted: distinct };
}

/**
 * Brings a member's roles and nickname in line with their Roblox account and rank in the server's bound group
 * (issue 12, role sync). Used by /verify, /update, member joins, the website and the dashboard.
 */
export class SyncMemberRoles {
  readonly #configs: ServerConfigs;
  readonly #accounts: LinkedAccounts;
  readonly #discord: DiscordGuilds;
  readonly #robloxUsers: RobloxUsers;
  readonly #memberships: RobloxMemberships;
  readonly #problems: RoleProblemLog;
  readonly #locks: MemberSyncLocks;

  constructor(deps: {
    configs: ServerConfigs;
    accounts: LinkedAccounts;
    discord: DiscordGuilds;
    robloxUsers: RobloxUsers;
    memberships: RobloxMemberships;
    /** Where what the sync could not reach is noted for the setup check. */
    problems: RoleProblemLog;
    /** Serialises syncs of one member in one server (the /verify command's and a queued one). */
    locks: MemberSyncLocks;
  }) {
    this.#configs = deps.configs;
    this.#accounts = deps.accounts;
    this.#discord = deps.discord;
    this.#robloxUsers = deps.robloxUsers;
    this.#memberships = deps.memberships;
    this.#problems = deps.problems;
    this.#locks = deps.locks;
  }

  execute(request: { guildId: string; discordUserId: string }): Promise<SyncOutcome> {
    return this.#locks.exclusive(request, () => this.#sync(request));
  }

  async #sync(request: { guildId: string; discordUserId: string }): Promise<SyncOutcome> {
    const config = await this.#configs.get(request.guildId);
    if (!config.verificationEnabled) return { kind: 'verification-off' };
    const account = await this.#accounts.byDiscordId(request.discordUserId, request.guildId);
    // The member's own proof counts everywhere; a manager's vouch only in the server it was given in.
    const robloxId = account?.isVerified && account.robloxId ? account.robloxId : (account?.vouchedRobloxId ?? null);
    if (!robloxId) return account?.robloxId ? { kind: 'not-verified' } : { kind: 'not-linked' };

    const [guild, member, robloxUser, groupRoles] = await Promise.all([
      this.#discord.guild(request.guildId),
      this.#discord.member(request.guildId, request.discordUserId),
      this.#robloxUsers.byId(robloxId),
      config.boundGroupId ? this.#memberships.groupRolesOf(robloxId) : Promise.resolve([]),
    ]);
    if (!guild || !member) return { kind: 'not-in-guild' };
    if (!robloxUser) return { kind: 'not-linked' };
    const blocked = unmanageableReason(guild, member);
    if (blocked) {
      await this.#problems.note(guild.id, [
        { kind: 'member', targetId: member.id, name: member.username, reason: blocked },
      ]);
      return { kind: 'member-unmanageable', reason: blocked };
    }

    const groupRole = groupRoles.find((role) => role.groupId === config.boundGroupId) ?? null;
    const plan = planMemberSync({ guild, member, config, robloxUser, groupRole });
    const { adding, removing, newNick, skipped, noted } = plan;

    if (adding.length || removing.length || newNick !== undefined) {
      try {
        await this.#discord.editMember(request.guildId, request.discordUserId, {
          ...(adding.length || removing.length ? { roleIds: plan.roleIds } : {}),
          ...(newNick !== undefined ? { nick: newNick } : {}),
        });
      } catch (error) {
        if (error instanceof DiscordRefused) {
          const reason = `Discord refused to change ${member.username}'s roles or nickname: ${MANAGE_ROLES_FIX} or ${HIERARCHY_FIX}`;
          await this.#problems.note(guild.id, [{ kind: 'member', targetId: member.id, name: member.username, reason }]);
          return { kind: 'refused', reason };
        }
        throw error;
      }
    }
    await this.#problems.clearMember(guild.id, member.id);
    if (noted.length) await this.#problems.note(guild.id, noted);
    return {
      kind: 'synced',
      robloxName: robloxUser.name,
      rank: groupRole?.roleName ?? null,
      added: adding.map((role) => role.name),
      removed: removing.map((role) => role.name),
      nickname: newNick ?? null,
      skipped,
    };
  }
}
