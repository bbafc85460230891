import { Migration } from '@mikro-orm/migrations';

export class Migration20261123090119_roblox extends Migration {
  override name = 'Migration20261123090119_roblox';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "activity_sessions" ("id" serial primary key, "group_id" varchar(32) not null, "session_id" varchar(64) not null, "roblox_user_id" varchar(32) not null, "place_id" varchar(32) null, "started_at" timestamptz not null, "ended_at" timestamptz null, "idle_seconds" int not null default 0, "closed_by" varchar(16) null);`,
    );
    this.addSql(
      `create index "activity_sessions_group_id_started_at_index" on "activity_sessions" ("group_id", "started_at");`,
    );
    this.addSql(
      `create index "activity_sessions_group_id_roblox_user_id_index" on "activity_sessions" ("group_id", "roblox_user_id");`,
    );
    this.addSql(
      `alter table "activity_sessions" add constraint "activity_sessions_group_id_session_id_unique" unique ("group_id", "session_id");`,
    );

    this.addSql(
      `create table "group_applications" ("id" serial primary key, "group_id" varchar(32) not null, "applicant_name" varchar(255) not null, "desired_rank" varchar(255) not null, "status" varchar(50) not null default 'pending', "created_by" int null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "group_applications_group_id_index" on "group_applications" ("group_id");`);

    this.addSql(
      `create table "group_training_sessions" ("id" serial primary key, "group_id" varchar(32) not null, "title" varchar(255) not null, "host_name" varchar(255) not null, "participant_count" int not null default 0, "status" varchar(50) not null default 'scheduled', "type" varchar(50) not null default 'training', "scheduled_at" timestamptz null, "created_by" int null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "group_training_sessions_group_id_index" on "group_training_sessions" ("group_id");`);

    this.addSql(
      `create table "roblox_api_cache" ("key" varchar(255) not null, "value" jsonb not null, "expires_at" timestamptz not null, primary key ("key"));`,
    );
    this.addSql(`create index "roblox_api_cache_expires_at_index" on "roblox_api_cache" ("expires_at");`);

    this.addSql(
      `create table "roblox_verification_codes" ("user_id" int not null, "roblox_id" varchar(32) not null, "code" varchar(16) not null, "expires_at" timestamptz not null, primary key ("user_id"));`,
    );

    this.addSql(`alter table "group_members" add "tracked_at" timestamptz null;`);

    this.addSql(
      `alter table "roblox_groups" add "has_verified_badge" boolean not null default false, add "owner_name" varchar(255) null, add "owner_display_name" varchar(255) null, add "connected_by" int null, add "activity_tracking" boolean not null default true, add "auto_rank" boolean not null default false, add "quota_system" boolean not null default false, add "settings" jsonb null, add "activity_key" varchar(64) null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "activity_sessions" cascade;`);
    this.addSql(`drop table if exists "group_applications" cascade;`);
    this.addSql(`drop table if exists "group_training_sessions" cascade;`);
    this.addSql(`drop table if exists "roblox_api_cache" cascade;`);
    this.addSql(`drop table if exists "roblox_verification_codes" cascade;`);

    this.addSql(`alter table "group_members" drop column "tracked_at";`);

    this.addSql(
      `alter table "roblox_groups" drop column "has_verified_badge", drop column "owner_name", drop column "owner_display_name", drop column "connected_by", drop column "activity_tracking", drop column "auto_rank", drop column "quota_system", drop column "settings", drop column "activity_key";`,
    );
  }
}
