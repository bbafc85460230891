import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 22: roles and channels by id. Converting the names stored before needs each guild's roles, which only the
 * bot sees (the database has never held them), so this migration marks every existing configuration unconverted
 * (`names_converted_at` null) and the bot converts each once at its next load of the guild (`CheckGuildRoles`,
 * `convertNamedConfig`), recording the time and reporting what it could not convert as role problems.
 */
export class Migration20261126143405_roleIds extends Migration {
  override name = 'Migration20261126143405_roleIds';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "bot_guild_directory" ("guild_id" varchar(32) not null, "snapshot" jsonb not null, "recorded_at" timestamptz not null default now(), primary key ("guild_id"));`,
    );

    this.addSql(
      `alter table "discord_server_configs" add "rank_binds" jsonb not null default '[]', add "names_converted_at" timestamptz null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "bot_guild_directory" cascade;`);

    this.addSql(`alter table "discord_server_configs" drop column "rank_binds", drop column "names_converted_at";`);
  }
}
