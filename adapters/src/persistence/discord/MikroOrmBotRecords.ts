import type {
  Announcements,
  BotActivityLog,
  GroupRankBindings,
  LinkedAccount,
  LinkedAccounts,
  LinkedAccountsBatch,
} from '@groupflow/core';
import type { Orm } from '../database.ts';
import { entityManager } from '../entityManager.ts';
import { Activity, Announcement, GroupRank, GuildVouch, User } from '../entities/index.ts';

/** The GroupFlow user holding a Discord id, read for role sync: proven Roblox link, and the vouch in that server. */
export class MikroOrmLinkedAccounts implements LinkedAccounts, LinkedAccountsBatch {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }
  async byDiscordId(discordUserId: string, guildId: string) {
    const em = entityManager(this.#orm);
    const row = await em.findOne(
      User,
      { discordId: discordUserId },
      { fields: ['id', 'robloxId', 'robloxUsername', 'isVerified', 'isBanned', 'bannedReason'] },
    );
    if (!row) return null;
    const vouch = await em.findOne(GuildVouch, { guildId, user: row.id }, { fields: ['robloxId'] });
    return {
      robloxId: row.robloxId ?? null,
      robloxUsername: row.robloxUsername ?? null,
      isVerified: row.isVerified,
      vouchedRobloxId: vouch?.robloxId ?? null,
      isBanned: row.isBanned,
      bannedReason: row.bannedReason ?? null,
    };
  }
  async byDiscordIds(discordUserIds: string[], guildId: string) {
    if (!discordUserIds.length) return new Map<string, LinkedAccount>();
    const em = entityManager(this.#orm);
    const rows = await em.find(
      User,
      { discordId: { $in: discordUserIds } },
      { fields: ['id', 'discordId', 'robloxId', 'robloxUsername', 'isVerified', 'isBanned', 'bannedReason'] },
    );
    const vouches = rows.length
      ? await em.find(
          GuildVouch,
          { guildId, user: { $in: rows.map((row) => row.id) } },
          { fields: ['user', 'robloxId'] },
        )
      : [];
    const vouched = new Map(vouches.map((vouch) => [vouch.user.id, vouch.robloxId] as const));
    return new Map(
      rows.map(
        (row) =>
          [
            row.discordId!,
            {
              robloxId: row.robloxId ?? null,
              robloxUsername: row.robloxUsername ?? null,
              isVerified: row.isVerified,
              vouchedRobloxId: vouched.get(row.id) ?? null,
              isBanned: row.isBanned,
              bannedReason: row.bannedReason ?? null,
            },
          ] as const,
      ),
    );
  }
}

/** group_ranks of a Roblox group, with their explicit Discord role bindings. */
export class MikroOrmGroupRankBindings implements GroupRankBindings {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }
  async ranksOf(groupId: string) {
    const rows = await entityManager(this.#orm).find(GroupRank, { groupId }, { orderBy: { rankId: 'asc' } });
    return rows.map((row) => ({ rankId: row.rankId, name: row.name, discordRoleId: row.discordRoleId ?? null }));
  }
}

/** The bot's moderation and binding actions in the activities table. */
export class MikroOrmBotActivityLog implements BotActivityLog {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }
  async record(entry: { type: string; description: string; metadata: Record<string, unknown> }) {
    const em = entityManager(this.#orm);
    em.create(Activity, { type: entry.type, description: entry.description, metadata: entry.metadata });
    await em.flush();
  }
}

export class MikroOrmAnnouncements implements Announcements {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }
  async create(announcement: { title: string; message: string; createdBy: string }) {
    const em = entityManager(this.#orm);
    em.create(Announcement, announcement);
    await em.flush();
  }
}
