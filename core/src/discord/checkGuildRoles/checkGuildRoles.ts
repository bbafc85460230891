import { botHas } from '../authority.ts';
import type { DiscordGuilds, GroupRankBindings, GuildRole } from '../botPorts.ts';
import type { RoleProblem, RoleProblemLog } from '../roleProblems.ts';
import type { ServerConfigs } from '../serverConfigs.ts';
import {
  MANAGE_NICKNAMES_FIX,
  MANAGE_ROLES_FIX,
  roleBlockReason,
  roleOfRank,
  verificationRoles,
} from '../planMemberSync/planMemberSync.ts';

/**
 * Looks at a guild as role sync would use it and records what the bot cannot reach: a missing Manage Roles or
 * Manage Nicknames permission, and each role the sync gives or takes (the verified and unverified roles, the roles
 * of the bound group's ranks) that sits at or above the bot's highest role. Runs when the bot comes online, joins
 * a guild and sees its roles change, so the setup check is right before the first member asks for a sync.
 */
export class CheckGuildRoles {
  readonly #configs: ServerConfigs;
  readonly #discord: DiscordGuilds;
  readonly #ranks: GroupRankBindings;
  readonly #problems: RoleProblemLog;

  constructor(deps: {
    configs: ServerConfigs;
    discord: DiscordGuilds;
    ranks: GroupRankBindings;
    problems: RoleProblemLog;
  }) {
    this.#configs = deps.configs;
    this.#discord = deps.discord;
    this.#ranks = deps.ranks;
    this.#problems = deps.problems;
  }

  async execute(guildId: string): Promise<RoleProblem[]> {
    const [guild, config] = await Promise.all([this.#discord.guild(guildId), this.#configs.get(guildId)]);
    if (!guild) return [];
    const findings: RoleProblem[] = [];
    if (config.verificationEnabled) {
      if (!botHas(guild, 'ManageRoles')) {
        // Every role would be blocked for the same reason: one finding says it.
        findings.push({ kind: 'permission', targetId: 'ManageRoles', name: 'Manage Roles', reason: MANAGE_ROLES_FIX });
      } else {
        const ranks = config.boundGroupId ? await this.#ranks.ranksOf(config.boundGroupId) : [];
        const { verified, unverified } = verificationRoles(guild, config);
        const needed = [verified, unverified, ...ranks.map((rank) => roleOfRank(guild, rank))].filter(
          (role, index, all): role is GuildRole => role !== undefined && all.indexOf(role) === index,
        );
        for (const role of needed) {
          const reason = roleBlockReason(guild, role);
          if (reason) findings.push({ kind: 'role', targetId: role.id, name: role.name, reason });
        }
      }
      if (!botHas(guild, 'ManageNicknames')) {
        findings.push({
          kind: 'permission',
          targetId: 'ManageNicknames',
          name: 'Manage Nicknames',
          reason: MANAGE_NICKNAMES_FIX,
        });
      }
    }
    await this.#problems.replaceGuildFindings(guildId, findings);
    return findings;
  }
}
