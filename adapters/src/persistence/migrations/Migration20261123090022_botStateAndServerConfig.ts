import { Migration } from '@mikro-orm/migrations';

export class Migration20261123090022_botStateAndServerConfig extends Migration {
  override name = 'Migration20261123090022_botStateAndServerConfig';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "bot_command_usage" ("guild_id" varchar(32) not null, "hour" timestamptz not null, "count" int not null default 0, primary key ("guild_id", "hour"));`,
    );

    this.addSql(
      `create table "bot_guilds" ("guild_id" varchar(32) not null, "shard_id" int not null, "name" varchar(255) not null, "icon" varchar(64) null, "member_count" int not null default 0, "joined_at" timestamptz not null, "updated_at" timestamptz not null default now(), primary key ("guild_id"));`,
    );
    this.addSql(`create index "bot_guilds_shard_id_index" on "bot_guilds" ("shard_id");`);

    this.addSql(
      `create table "bot_shards" ("shard_id" int not null, "online" boolean not null default false, "last_heartbeat_at" timestamptz not null, "bot_user_id" varchar(32) not null, "bot_name" varchar(255) not null, primary key ("shard_id"));`,
    );

    this.addSql(
      `create table "discord_oauth_grants" ("user_id" int not null, "access_token" text not null, "refresh_token" text null, "expires_at" timestamptz not null, "scope" varchar(255) not null, "updated_at" timestamptz not null default now(), primary key ("user_id"));`,
    );

    this.addSql(
      `create table "customer_guilds" ("user_id" int not null, "guild_id" varchar(32) not null, "name" varchar(255) not null, "icon" varchar(64) null, "owner" boolean not null default false, "permissions" varchar(32) not null, "approximate_member_count" int null, "approximate_presence_count" int null, "fetched_at" timestamptz not null, primary key ("user_id", "guild_id"));`,
    );
    this.addSql(`create index "customer_guilds_guild_id_index" on "customer_guilds" ("guild_id");`);

    this.addSql(
      `alter table "discord_server_configs" add "moderation_enabled" boolean not null default true, add "verification_enabled" boolean not null default true, add "group_binding_enabled" boolean not null default true, add "moderator_roles" jsonb not null default '[]', add "admin_roles" jsonb not null default '[]', add "moderation_log_channel" varchar(100) null;`,
    );
    this.addSql(
      `alter table "discord_server_configs" alter column "audit_logs_channel_id" type varchar(100) using ("audit_logs_channel_id"::varchar(100));`,
    );
    this.addSql(`alter table "discord_server_configs" alter column "nickname_format" set default '{roblox-name}';`);
    // The old default named the same placeholder differently; role sync knows only {roblox-name}.
    this.addSql(
      `update "discord_server_configs" set "nickname_format" = '{roblox-name}' where "nickname_format" = '{roblox-username}';`,
    );

    this.addSql(
      `alter table "discord_oauth_grants" add constraint "discord_oauth_grants_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "customer_guilds" add constraint "customer_guilds_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "bot_command_usage" cascade;`);
    this.addSql(`drop table if exists "bot_guilds" cascade;`);
    this.addSql(`drop table if exists "bot_shards" cascade;`);
    this.addSql(`drop table if exists "discord_oauth_grants" cascade;`);
    this.addSql(`drop table if exists "customer_guilds" cascade;`);

    this.addSql(
      `alter table "discord_server_configs" drop column "moderation_enabled", drop column "verification_enabled", drop column "group_binding_enabled", drop column "moderator_roles", drop column "admin_roles", drop column "moderation_log_channel";`,
    );
    this.addSql(`alter table "discord_server_configs" alter column "nickname_format" set default '{roblox-username}';`);
    this.addSql(
      `alter table "discord_server_configs" alter column "audit_logs_channel_id" type varchar(32) using ("audit_logs_channel_id"::varchar(32));`,
    );
  }
}
