import type { GuildRoleProblems, RoleProblem, RoleProblemLog } from '@groupflow/core';
import { GUILD_FINDING_KINDS, ROLE_PROBLEM_KINDS } from '@groupflow/core/contracts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Orm } from '../database.ts';
import { entityManager } from '../entityManager.ts';
import { BotRoleProblem } from '../entities/index.ts';

/** `bot_role_problems`: the bot writes it, the API reads it; the database's clock stamps every note. */
export class MikroOrmRoleProblemLog implements RoleProblemLog {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async replaceGuildFindings(guildId: string, findings: RoleProblem[]): Promise<void> {
    await entityManager(this.#orm).transactional(async (em) => {
      await em.nativeDelete(BotRoleProblem, { guildId, kind: { $in: [...GUILD_FINDING_KINDS] } });
      await upsert(em, guildId, findings);
    });
  }

  async note(guildId: string, problems: RoleProblem[]): Promise<void> {
    await upsert(entityManager(this.#orm), guildId, problems);
  }

  async clearNames(guildId: string): Promise<void> {
    await entityManager(this.#orm).nativeDelete(BotRoleProblem, { guildId, kind: 'name' });
  }

  async clearMember(guildId: string, memberId: string): Promise<void> {
    await entityManager(this.#orm).nativeDelete(BotRoleProblem, { guildId, kind: 'member', targetId: memberId });
  }

  async readFor(guildIds: string[]): Promise<GuildRoleProblems[]> {
    if (!guildIds.length) return [];
    const rows = await entityManager(this.#orm).find(
      BotRoleProblem,
      { guildId: { $in: guildIds } },
      { orderBy: { guildId: 'asc', name: 'asc' } },
    );
    const byGuild = new Map<string, GuildRoleProblems>();
    for (const row of rows) {
      const guild = byGuild.get(row.guildId) ?? { guildId: row.guildId, problems: [] };
      byGuild.set(row.guildId, guild);
      guild.problems.push({
        kind: row.kind as RoleProblem['kind'],
        targetId: row.targetId,
        name: row.name,
        reason: row.reason,
        notedAt: row.notedAt,
      });
    }
    for (const guild of byGuild.values()) {
      guild.problems.sort((a, b) => ROLE_PROBLEM_KINDS.indexOf(a.kind) - ROLE_PROBLEM_KINDS.indexOf(b.kind));
    }
    return [...byGuild.values()];
  }
}

/** One statement per call; a target noted again gets the new name, reason and time. */
async function upsert(em: EntityManager, guildId: string, problems: RoleProblem[]): Promise<void> {
  if (!problems.length) return;
  const values = problems.map(() => '(?, ?, ?, ?, ?, now())').join(', ');
  await em.getConnection().execute(
    `insert into bot_role_problems (guild_id, kind, target_id, name, reason, noted_at) values ${values}
     on conflict (guild_id, kind, target_id) do update set name = excluded.name, reason = excluded.reason, noted_at = excluded.noted_at`,
    problems.flatMap((problem) => [guildId, problem.kind, problem.targetId, problem.name, problem.reason]),
  );
}
