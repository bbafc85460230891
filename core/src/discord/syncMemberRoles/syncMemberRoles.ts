import type { RobloxMemberships, RobloxUsers } from '../../roblox/ports.ts';
import {
  DiscordRefused,
  type DiscordGuilds,
  type LinkedAccount,
  type LinkedAccounts,
  type MemberSyncLocks,
} from '../botPorts.ts';
import type { ServerConfigs } from '../serverConfigs.ts';
import type { RoleProblemLog } from '../roleProblems.ts';
import {
  HIERARCHY_FIX,
  MANAGE_ROLES_FIX,
  planMemberSync,
  type SkippedChange,
} from '../planMemberSync/planMemberSync.ts';

export type SyncOutcome =
  | { kind: 'banned'; reason: string | null }
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

/** What Discord's 403 on a member edit means, for the member's note and the reply. */
export function refusedEditReason(username: string): string {
  return `Discord refused to change ${username}'s roles or nickname: ${MANAGE_ROLES_FIX} or ${HIERARCHY_FIX}`;
}

/**
 * The Roblox account a sync gives roles for: the member's own proof counts everywhere, a vouch only in its server.
 * A banned account gets none, so no sync (single or server-wide) changes a banned member's roles.
 */
export function syncedRobloxId(account: LinkedAccount | null): string | null {
  if (account?.isBanned) return null;
  return account?.isVerified && account.robloxId ? account.robloxId : (account?.vouchedRobloxId ?? null);
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
    if (account?.isBanned) return { kind: 'banned', reason: account.bannedReason };
    const robloxId = syncedRobloxId(account);
    if (!robloxId) return account?.robloxId ? { kind: 'not-verified' } : { kind: 'not-linked' };

    const [guild, member, robloxUser, groupRoles] = await Promise.all([
      this.#discord.guild(request.guildId),
      this.#discord.member(request.guildId, request.discordUserId),
      this.#robloxUsers.byId(robloxId),
      config.boundGroupId ? this.#memberships.groupRolesOf(robloxId) : Promise.resolve([]),
    ]);
    if (!guild || !member) return { kind: 'not-in-guild' };
    if (!robloxUser) return { kind: 'not-linked' };
    const plan = planMemberSync({ guild, config, member, robloxUser, groupRoles });
    if (plan.kind === 'unmanageable') {
      await this.#problems.note(guild.id, [plan.problem]);
      return { kind: 'member-unmanageable', reason: plan.reason };
    }

    if (plan.edit) {
      try {
        await this.#discord.editMember(request.guildId, request.discordUserId, plan.edit);
      } catch (error) {
        if (error instanceof DiscordRefused) {
          const reason = refusedEditReason(member.username);
          await this.#problems.note(guild.id, [{ kind: 'member', targetId: member.id, name: member.username, reason }]);
          return { kind: 'refused', reason };
        }
        throw error;
      }
    }
    await this.#problems.clearMember(guild.id, member.id);
    if (plan.problems.length) await this.#problems.note(guild.id, plan.problems);
    return {
      kind: 'synced',
      robloxName: robloxUser.name,
      rank: plan.rank,
      added: plan.adding.map((role) => role.name),
      removed: plan.removing.map((role) => role.name),
      nickname: plan.nick ?? null,
      skipped: plan.skipped,
    };
  }
}
