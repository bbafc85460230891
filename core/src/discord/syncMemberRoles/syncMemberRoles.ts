import type { RobloxInventory, RobloxMemberships, RobloxUsers } from '../../roblox/ports.ts';
import type { Clock } from '../../shared/clock.ts';
import { DiscordRefused, type DiscordGuilds, type LinkedAccounts, type MemberSyncLocks } from '../botPorts.ts';
import { provenStanding, syncedRobloxId, unverifiedStanding } from '../memberStanding.ts';
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
  /** Proven, but the server's restrictions keep them unverified (too young an account, not in the group, listed). */
  | { kind: 'restricted'; robloxName: string; reason: string }
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
 * Brings a member's roles and nickname in line with their standing: a proven (or vouched) member's binds, or, for
 * one without (never linked, unproven, unlinked, banned), the unverified role and none of the bound roles (issues 12
 * and 35). Used by /verify, /update, the Verify button, member joins, the website and the dashboard.
 */
export class SyncMemberRoles {
  readonly #configs: ServerConfigs;
  readonly #accounts: LinkedAccounts;
  readonly #discord: DiscordGuilds;
  readonly #robloxUsers: RobloxUsers;
  readonly #memberships: RobloxMemberships;
  readonly #inventory: RobloxInventory;
  readonly #problems: RoleProblemLog;
  readonly #locks: MemberSyncLocks;
  readonly #clock: Clock;

  constructor(deps: {
    configs: ServerConfigs;
    accounts: LinkedAccounts;
    discord: DiscordGuilds;
    robloxUsers: RobloxUsers;
    memberships: RobloxMemberships;
    /** Ownership of the game passes, badges and assets the server binds. */
    inventory: RobloxInventory;
    /** Where what the sync could not reach is noted for the setup check. */
    problems: RoleProblemLog;
    /** Serialises syncs of one member in one server (the /verify command's and a queued one). */
    locks: MemberSyncLocks;
    /** The account age restriction is measured from now. */
    clock: Clock;
  }) {
    this.#configs = deps.configs;
    this.#accounts = deps.accounts;
    this.#discord = deps.discord;
    this.#robloxUsers = deps.robloxUsers;
    this.#memberships = deps.memberships;
    this.#inventory = deps.inventory;
    this.#problems = deps.problems;
    this.#locks = deps.locks;
    this.#clock = deps.clock;
  }

  execute(request: { guildId: string; discordUserId: string }): Promise<SyncOutcome> {
    return this.#locks.exclusive(request, () => this.#sync(request));
  }

  async #sync(request: { guildId: string; discordUserId: string }): Promise<SyncOutcome> {
    const config = await this.#configs.get(request.guildId);
    if (!config.verificationEnabled) return { kind: 'verification-off' };
    const account = await this.#accounts.byDiscordId(request.discordUserId, request.guildId);
    const robloxId = syncedRobloxId(account);
    const roblox = { robloxUsers: this.#robloxUsers, memberships: this.#memberships, inventory: this.#inventory };
    const [guild, member, proven] = await Promise.all([
      this.#discord.guild(request.guildId),
      this.#discord.member(request.guildId, request.discordUserId),
      robloxId ? provenStanding(robloxId, config, roblox) : Promise.resolve(null),
    ]);
    if (!guild || !member) return { kind: 'not-in-guild' };
    // Without a proven account (never linked, unproven, unlinked, banned, or gone from Roblox) the member is planned
    // as unverified: the unverified role, and none of the bound roles they may still hold.
    const standing = proven ?? unverifiedStanding(account);
    const plan = planMemberSync({ guild, config, member, standing, now: this.#clock.now() });
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
    if (account?.isBanned) return { kind: 'banned', reason: account.bannedReason };
    if (!proven) return account?.robloxId ? { kind: 'not-verified' } : { kind: 'not-linked' };
    if (plan.restricted) return { kind: 'restricted', robloxName: proven.robloxUser.name, reason: plan.restricted };
    return {
      kind: 'synced',
      robloxName: proven.robloxUser.name,
      rank: plan.rank,
      added: plan.adding.map((role) => role.name),
      removed: plan.removing.map((role) => role.name),
      nickname: plan.nick ?? null,
      skipped: plan.skipped,
    };
  }
}
