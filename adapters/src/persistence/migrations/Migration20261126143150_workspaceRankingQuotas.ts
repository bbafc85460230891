import { Migration } from '@mikro-orm/migrations';

export class Migration20261126143150_workspaceRankingQuotas extends Migration {
  override name = 'Migration20261126143150_workspaceRankingQuotas';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "group_open_cloud_keys" ("group_id" varchar(32) not null, "sealed_key" text not null, "permissions" jsonb not null, "saved_by" int not null, "saved_at" timestamptz not null, primary key ("group_id"));`,
    );

    this.addSql(
      `create table "group_quotas" ("id" serial primary key, "group_id" varchar(32) not null, "position" int not null, "name" varchar(255) not null, "kind" varchar(50) not null, "amount" int not null, "rank_ids" jsonb not null);`,
    );
    this.addSql(`create index "group_quotas_group_id_position_index" on "group_quotas" ("group_id", "position");`);

    this.addSql(
      `create table "group_rank_changes" ("id" serial primary key, "group_id" varchar(32) not null, "actor_name" varchar(255) not null, "actor_roblox_id" varchar(32) null, "target_user_id" varchar(32) not null, "target_name" varchar(255) not null, "from_rank" int null, "from_role_name" varchar(255) null, "to_rank" int not null, "to_role_name" varchar(255) not null, "reason" text not null, "source" varchar(50) not null, "result" varchar(50) not null, "error" text null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(
      `create index "group_rank_changes_group_id_created_at_index" on "group_rank_changes" ("group_id", "created_at");`,
    );

    this.addSql(
      `create table "group_time_off" ("id" serial primary key, "group_id" varchar(32) not null, "roblox_user_id" varchar(32) not null, "username" varchar(255) not null, "customer_id" int not null, "start_date" varchar(10) not null, "end_date" varchar(10) not null, "reason" text not null, "status" varchar(50) not null default 'pending', "note" text null, "decided_by" varchar(255) null, "decided_at" timestamptz null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(
      `create index "group_time_off_group_id_status_start_date_index" on "group_time_off" ("group_id", "status", "start_date");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "group_open_cloud_keys" cascade;`);
    this.addSql(`drop table if exists "group_quotas" cascade;`);
    this.addSql(`drop table if exists "group_rank_changes" cascade;`);
    this.addSql(`drop table if exists "group_time_off" cascade;`);
  }
}
