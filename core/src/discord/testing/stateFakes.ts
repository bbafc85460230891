/** In-memory stand-ins for the Discord ports, for use case tests on both the bot and the API side. */
import type { BotGuild, BotShardPresence, BotState, BotStateSnapshot } from '../botState.ts';
import { DEFAULT_SERVER_CONFIG, type ServerConfig, type ServerConfigs } from '../serverConfigs.ts';
import { GUILD_FINDING_KINDS, ROLE_PROBLEM_KINDS } from '../roleProblems.ts';
import type { GuildRoleProblems, RoleProblem, RoleProblemLog } from '../roleProblems.ts';
import type { GuildSnapshot } from '../botPorts.ts';
import type { GuildDirectory } from '../guildDirectory.ts';

export class InMemoryGuildDirectory implements GuildDirectory {
  readonly guilds = new Map<string, GuildSnapshot>();
  async record(guild: GuildSnapshot) {
    this.guilds.set(guild.id, structuredClone(guild));
  }
  async read(guildId: string) {
    return structuredClone(this.guilds.get(guildId) ?? null);
  }
}

const HOUR_MS = 3_600_000;

export class InMemoryBotState implements BotState {
  readonly shards = new Map<number, BotShardPresence>();
  readonly guilds = new Map<string, { shardId: number; guild: BotGuild }>();
  /** `${guildId} ${hourStartMs}` → uses. */
  readonly usage = new Map<string, number>();

  async reportOnline(presence: { shardId: number; botUserId: string; botName: string }, at: Date): Promise<void> {
    this.shards.set(presence.shardId, { ...presence, online: true, lastHeartbeatAt: at });
  }
  async heartbeat(shardId: number, at: Date): Promise<void> {
    const shard = this.shards.get(shardId);
    if (shard) this.shards.set(shardId, { ...shard, online: true, lastHeartbeatAt: at });
  }
  async reportOffline(shardId: number, at: Date): Promise<void> {
    const shard = this.shards.get(shardId);
    if (shard) this.shards.set(shardId, { ...shard, online: false, lastHeartbeatAt: at });
  }
  async replaceGuilds(shardId: number, guilds: BotGuild[]): Promise<void> {
    for (const [id, entry] of this.guilds) if (entry.shardId === shardId) this.guilds.delete(id);
    for (const guild of guilds) this.guilds.set(guild.id, { shardId, guild });
  }
  async upsertGuild(shardId: number, guild: BotGuild): Promise<void> {
    this.guilds.set(guild.id, { shardId, guild });
  }
  async removeGuild(guildId: string): Promise<void> {
    this.guilds.delete(guildId);
  }
  async countCommandUse(guildId: string, at: Date): Promise<void> {
    const key = `${guildId} ${Math.floor(at.getTime() / HOUR_MS) * HOUR_MS}`;
    this.usage.set(key, (this.usage.get(key) ?? 0) + 1);
  }
  async read(): Promise<BotStateSnapshot> {
    return {
      shards: [...this.shards.values()].sort((a, b) => a.shardId - b.shardId),
      guilds: [...this.guilds.values()].map((entry) => entry.guild).sort((a, b) => a.name.localeCompare(b.name)),
    };
  }
  async commandsUsedSince(since: Date): Promise<Map<string, number>> {
    const from = Math.floor(since.getTime() / HOUR_MS) * HOUR_MS;
    const totals = new Map<string, number>();
    for (const [key, count] of this.usage) {
      const [guildId, hour] = key.split(' ') as [string, string];
      if (Number(hour) >= from) totals.set(guildId, (totals.get(guildId) ?? 0) + count);
    }
    return totals;
  }
}

export class InMemoryServerConfigs implements ServerConfigs {
  readonly stored = new Map<string, ServerConfig>();
  /** Guilds whose configuration was converted to ids. */
  readonly converted = new Set<string>();
  async needsNameConversion(guildId: string): Promise<boolean> {
    return !this.converted.has(guildId);
  }
  async saveConverted(guildId: string, changes: Partial<ServerConfig>): Promise<boolean> {
    if (this.converted.has(guildId)) return false;
    await this.save(guildId, changes);
    this.converted.add(guildId);
    return true;
  }
  async get(guildId: string): Promise<ServerConfig> {
    return structuredClone(this.stored.get(guildId) ?? { ...DEFAULT_SERVER_CONFIG });
  }
  async save(guildId: string, changes: Partial<ServerConfig>): Promise<ServerConfig> {
    const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    const merged = { ...(await this.get(guildId)), ...defined };
    this.stored.set(guildId, structuredClone(merged));
    return structuredClone(merged);
  }
}

/** Role problems keyed like the database's (guild, kind, target), in insertion order. */
export class InMemoryRoleProblemLog implements RoleProblemLog {
  readonly stored = new Map<string, RoleProblem & { guildId: string; notedAt: Date }>();
  #clock = 0;

  async replaceGuildFindings(guildId: string, findings: RoleProblem[]) {
    for (const [key, problem] of this.stored)
      if (problem.guildId === guildId && (GUILD_FINDING_KINDS as readonly string[]).includes(problem.kind))
        this.stored.delete(key);
    await this.note(guildId, findings);
  }
  async note(guildId: string, problems: RoleProblem[]) {
    for (const problem of problems) {
      this.stored.set(`${guildId}/${problem.kind}/${problem.targetId}`, {
        ...problem,
        guildId,
        notedAt: new Date((this.#clock += 1)),
      });
    }
  }
  async clearNames(guildId: string) {
    for (const [key, problem] of this.stored)
      if (problem.guildId === guildId && problem.kind === 'name') this.stored.delete(key);
  }
  async clearMember(guildId: string, memberId: string) {
    this.stored.delete(`${guildId}/member/${memberId}`);
  }
  async readFor(guildIds: string[]): Promise<GuildRoleProblems[]> {
    return guildIds
      .map((guildId) => ({
        guildId,
        problems: [...this.stored.values()]
          .filter((problem) => problem.guildId === guildId)
          .sort(
            (a, b) =>
              ROLE_PROBLEM_KINDS.indexOf(a.kind) - ROLE_PROBLEM_KINDS.indexOf(b.kind) || a.name.localeCompare(b.name),
          )
          .map(({ guildId: _guild, ...problem }) => problem),
      }))
      .filter((guild) => guild.problems.length > 0);
  }
  /** The problems of one guild as "kind:name". */
  of(guildId: string): string[] {
    return [...this.stored.values()]
      .filter((problem) => problem.guildId === guildId)
      .map((problem) => `${problem.kind}:${problem.name}`);
  }
}
