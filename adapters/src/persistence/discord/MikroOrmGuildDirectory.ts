import type { GuildDirectory, GuildSnapshot } from '@groupflow/core';
import type { Orm } from '../database.ts';
import { entityManager } from '../entityManager.ts';
import { BotGuildDirectory } from '../entities/index.ts';

/** `bot_guild_directory`: the bot upserts a guild's roles and channels, the API reads them. */
export class MikroOrmGuildDirectory implements GuildDirectory {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  async record(guild: GuildSnapshot): Promise<void> {
    await entityManager(this.#orm)
      .createQueryBuilder(BotGuildDirectory)
      .insert({ guildId: guild.id, snapshot: guild, recordedAt: new Date() })
      .onConflict('guildId')
      .merge(['snapshot', 'recordedAt'])
      .execute();
  }

  async read(guildId: string): Promise<GuildSnapshot | null> {
    const row = await entityManager(this.#orm).findOne(BotGuildDirectory, { guildId });
    return row?.snapshot ?? null;
  }
}
