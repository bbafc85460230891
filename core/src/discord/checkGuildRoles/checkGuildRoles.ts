import type { RobloxGroups } from '../../roblox/ports.ts';
import { botHas } from '../authority.ts';
import type { DiscordGuilds, GroupRankBindings, GuildRole, GuildSnapshot } from '../botPorts.ts';
import { convertNamedConfig, type NamedRank } from '../convertNamedConfig/convertNamedConfig.ts';
import type { GuildDirectory } from '../guildDirectory.ts';
import type { RoleProblem, RoleProblemLog } from '../roleProblems.ts';
import type { ServerConfig, ServerConfigs } from '../serverConfigs.ts';
import {
  MANAGE_NICKNAMES_FIX,
  MANAGE_ROLES_FIX,
  boundRoles,
  roleBlock,
  verificationRoles,
} from '../planMemberSync/planMemberSync.ts';

/**
 * What the bot does when it loads a guild (start, join) or sees its roles or channels change:
 * 1. records the guild's roles, channels and its own standing for the API (`GuildDirectory`);
 * 2. once per guild, converts a configuration that still names roles and channels into ids (`convertNamedConfig`),
 *    reporting what it could not convert as role problems of kind `name`;
 * 3. records what role sync cannot reach: a missing Manage Roles or Manage Nicknames permission, and each role the
 *    sync gives or takes (the verified and unverified roles, the rank binds) at or above the bot's highest role,
 *    so the setup check is right before the first member asks for a sync.
 */
export class CheckGuildRoles {
  readonly #configs: ServerConfigs;
  readonly #discord: DiscordGuilds;
  readonly #directory: GuildDirectory;
  readonly #ranks: GroupRankBindings;
  readonly #groups: RobloxGroups;
  readonly #problems: RoleProblemLog;

  constructor(deps: {
    configs: ServerConfigs;
    discord: DiscordGuilds;
    directory: GuildDirectory;
    /** Rank bindings of group_ranks (before issue 22), read by the conversion. */
    ranks: GroupRankBindings;
    /** The bound group's rank names, read by the conversion. */
    groups: RobloxGroups;
    problems: RoleProblemLog;
  }) {
    this.#configs = deps.configs;
    this.#discord = deps.discord;
    this.#directory = deps.directory;
    this.#ranks = deps.ranks;
    this.#groups = deps.groups;
    this.#problems = deps.problems;
  }

  async execute(guildId: string): Promise<RoleProblem[]> {
    const guild = await this.#discord.guild(guildId);
    if (!guild) return [];
    await this.#directory.record(guild);
    if (await this.#configs.needsNameConversion(guildId)) await this.#convert(guild);
    const config = await this.#configs.get(guildId);
    const findings: RoleProblem[] = [];
    if (config.verificationEnabled) {
      if (!botHas(guild, 'ManageRoles')) {
        // Every role would be blocked for the same reason: one finding says it.
        findings.push({ kind: 'permission', targetId: 'ManageRoles', name: 'Manage Roles', reason: MANAGE_ROLES_FIX });
      } else {
        const { verified, unverified } = verificationRoles(guild, config);
        const needed = [verified, unverified, ...boundRoles(guild, config)].filter(
          (role, index, all): role is GuildRole => role !== undefined && all.indexOf(role) === index,
        );
        for (const role of needed) {
          const problem = roleBlock(guild, role);
          if (problem) findings.push(problem);
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

  /** Runs once: a failure (Roblox down) leaves it pending for the next load. */
  async #convert(guild: GuildSnapshot): Promise<void> {
    const config = await this.#configs.get(guild.id);
    const ranks = config.boundGroupId && !config.rankBinds.length ? await this.#namedRanks(config) : [];
    const { changes, problems } = convertNamedConfig({ guild, config, ranks });
    if ((await this.#configs.saveConverted(guild.id, changes)) && problems.length)
      await this.#problems.note(guild.id, problems);
  }

  /** The bound group's ranks by name (Roblox), with what group_ranks bound them to. */
  async #namedRanks(config: ServerConfig): Promise<NamedRank[]> {
    const [roles, stored] = await Promise.all([
      this.#groups.rolesOf(config.boundGroupId),
      this.#ranks.ranksOf(config.boundGroupId),
    ]);
    const byRank = new Map<number, NamedRank>(
      roles.map((role) => [role.rank, { rankId: role.rank, name: role.name, discordRoleId: null }]),
    );
    for (const rank of stored) byRank.set(rank.rankId, { ...rank, name: byRank.get(rank.rankId)?.name ?? rank.name });
    return [...byRank.values()].sort((a, b) => a.rankId - b.rankId);
  }
}
