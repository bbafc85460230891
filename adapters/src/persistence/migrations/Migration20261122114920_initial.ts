import { Migration } from '@mikro-orm/migrations';

export class Migration20261122114920_initial extends Migration {
  override name = 'Migration20261122114920_initial';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "activities" ("id" serial primary key, "type" varchar(50) not null, "description" text not null, "user_id" int null, "bot_id" int null, "metadata" jsonb null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "activities_user_id_index" on "activities" ("user_id");`);
    this.addSql(`create index "activities_created_at_index" on "activities" ("created_at");`);

    this.addSql(
      `create table "announcements" ("id" serial primary key, "title" varchar(255) not null, "message" text not null, "type" varchar(50) not null default 'general', "is_active" boolean not null default true, "priority" varchar(20) not null default 'normal', "target_audience" varchar(50) not null default 'all', "created_by" varchar(255) not null, "created_at" timestamptz not null default now(), "expires_at" timestamptz null);`,
    );

    this.addSql(
      `create table "compliance_reports" ("id" serial primary key, "report_type" varchar(50) not null, "title" varchar(255) not null, "description" text not null, "findings" text null, "recommendations" text null, "status" varchar(50) not null default 'draft', "report_period" varchar(50) not null, "generated_by" int null, "reviewed_by" int null, "published_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "compliance_reports_created_at_index" on "compliance_reports" ("created_at");`);

    this.addSql(
      `create table "discord_server_configs" ("id" serial primary key, "guild_id" varchar(32) not null, "guild_name" varchar(255) null, "roblox_group_id" varchar(32) null, "roblox_group_name" varchar(255) null, "verification_channel_id" varchar(32) null, "verification_role_id" varchar(32) null, "unverified_role_id" varchar(32) null, "nickname_format" varchar(255) not null default '{roblox-username}', "auto_roles_enabled" boolean not null default false, "audit_logs_channel_id" varchar(32) null, "welcome_message" text null, "is_setup_complete" boolean not null default false, "setup_step" int not null default 0, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(
      `alter table "discord_server_configs" add constraint "discord_server_configs_guild_id_unique" unique ("guild_id");`,
    );

    this.addSql(
      `create table "group_members" ("id" serial primary key, "group_id" varchar(32) not null, "user_id" varchar(32) not null, "username" varchar(255) not null, "display_name" varchar(255) null, "rank_id" int null, "rank_name" varchar(255) null, "join_date" timestamptz null, "is_verified" boolean not null default false, "is_online" boolean not null default false, "last_online" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "group_members_group_id_index" on "group_members" ("group_id");`);
    this.addSql(
      `alter table "group_members" add constraint "group_members_group_id_user_id_unique" unique ("group_id", "user_id");`,
    );

    this.addSql(
      `create table "group_ranks" ("id" serial primary key, "group_id" varchar(32) not null, "rank_id" int not null, "name" varchar(255) not null, "member_count" int not null default 0, "is_owner" boolean not null default false, "permissions" jsonb null, "discord_role_id" varchar(32) null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "group_ranks_group_id_index" on "group_ranks" ("group_id");`);
    this.addSql(
      `alter table "group_ranks" add constraint "group_ranks_group_id_rank_id_unique" unique ("group_id", "rank_id");`,
    );

    this.addSql(
      `create table "hr_actions" ("id" serial primary key, "action_type" varchar(50) not null, "target_staff_id" int not null, "target_staff_email" varchar(255) not null, "target_staff_username" varchar(255) not null, "performed_by_staff_id" int not null, "performed_by_email" varchar(255) not null, "performed_by_username" varchar(255) not null, "reason" text not null, "new_role" varchar(100) null, "suspension_days" int null, "status" varchar(50) not null default 'completed', "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "hr_actions_target_staff_id_index" on "hr_actions" ("target_staff_id");`);

    this.addSql(
      `create table "legal_cases" ("id" serial primary key, "case_number" varchar(32) not null, "title" varchar(255) not null, "description" text not null, "case_type" varchar(50) not null, "severity" varchar(50) not null default 'medium', "status" varchar(50) not null default 'investigation', "reported_by" int null, "assigned_to" int null, "target_user_id" int null, "target_discord_id" varchar(32) null, "target_roblox_id" varchar(32) null, "evidence" text null, "action_taken" text null, "resolution" text null, "follow_up_required" boolean not null default false, "follow_up_date" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "legal_cases" add constraint "legal_cases_case_number_unique" unique ("case_number");`);
    this.addSql(`create index "legal_cases_created_at_index" on "legal_cases" ("created_at");`);

    this.addSql(
      `create table "legal_documents" ("id" serial primary key, "title" varchar(255) not null, "document_type" varchar(50) not null, "content" text not null, "version" varchar(20) not null, "is_active" boolean not null default true, "effective_date" timestamptz null, "created_by" int null, "approved_by" int null, "approved_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "legal_documents_created_at_index" on "legal_documents" ("created_at");`);

    this.addSql(
      `create table "notifications" ("id" serial primary key, "user_id" int null, "staff_user_id" int null, "title" varchar(255) not null, "message" text not null, "type" varchar(50) not null default 'info', "priority" varchar(20) not null default 'normal', "is_read" boolean not null default false, "is_global" boolean not null default false, "created_by" varchar(255) null, "created_at" timestamptz not null default now(), "expires_at" timestamptz null);`,
    );
    this.addSql(`create index "notifications_user_id_index" on "notifications" ("user_id");`);
    this.addSql(`create index "notifications_staff_user_id_index" on "notifications" ("staff_user_id");`);

    this.addSql(
      `create table "policy_violations" ("id" serial primary key, "violation_type" varchar(50) not null, "description" text not null, "severity" varchar(50) not null default 'medium', "user_id" int null, "discord_id" varchar(32) null, "roblox_id" varchar(32) null, "evidence" text null, "action_taken" text null, "action_duration" varchar(50) null, "reported_by" int null, "reviewed_by" int null, "status" varchar(50) not null default 'pending', "appealable" boolean not null default true, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "policy_violations_created_at_index" on "policy_violations" ("created_at");`);

    this.addSql(
      `create table "roblox_groups" ("id" serial primary key, "group_id" varchar(32) not null, "name" varchar(255) not null, "description" text null, "member_count" int not null default 0, "is_public" boolean not null default true, "owner_user_id" varchar(32) null, "is_verified" boolean not null default false, "public_entry_allowed" boolean not null default true, "builders_club_members_only" boolean not null default false, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "roblox_groups" add constraint "roblox_groups_group_id_unique" unique ("group_id");`);

    this.addSql(
      `create table "staff_users" ("id" serial primary key, "username" varchar(255) not null, "email" varchar(255) not null, "password_hash" varchar(255) not null, "role" varchar(100) not null default 'customer_support', "is_active" boolean not null default true, "last_login" timestamptz null, "clocked_in" boolean not null default false, "clock_in_time" timestamptz null, "clock_out_time" timestamptz null, "total_hours_worked" int not null default 0, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "staff_users" add constraint "staff_users_username_unique" unique ("username");`);
    this.addSql(`alter table "staff_users" add constraint "staff_users_email_unique" unique ("email");`);

    this.addSql(
      `create table "support_tickets" ("id" serial primary key, "title" varchar(255) not null, "description" text not null, "category" varchar(50) null, "priority" varchar(20) not null default 'low', "status" varchar(50) not null default 'open', "user_email" varchar(255) null, "user_name" varchar(255) null, "assigned_staff_id" int null, "claimed_by" int null, "claimed_at" timestamptz null, "is_locked" boolean not null default false, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "support_tickets_created_at_index" on "support_tickets" ("created_at");`);

    this.addSql(
      `create table "support_ticket_messages" ("id" serial primary key, "ticket_id" int not null, "staff_user_id" int null, "sender_name" varchar(255) not null, "sender_type" varchar(50) not null, "message" text not null, "created_at" timestamptz not null default now());`,
    );

    this.addSql(
      `create table "users" ("id" serial primary key, "username" varchar(255) not null, "password" varchar(255) null, "discord_id" varchar(32) null, "email" varchar(255) null, "avatar" varchar(512) null, "discriminator" varchar(10) null, "roblox_id" varchar(32) null, "roblox_username" varchar(255) null, "is_verified" boolean not null default false, "is_admin" boolean not null default false, "is_banned" boolean not null default false, "banned_reason" text null, "banned_by" varchar(255) null, "banned_at" timestamptz null, "role" varchar(100) not null default 'user', "created_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "users" add constraint "users_discord_id_unique" unique ("discord_id");`);
    this.addSql(`alter table "users" add constraint "users_roblox_id_unique" unique ("roblox_id");`);

    this.addSql(
      `create table "bots" ("id" serial primary key, "name" varchar(255) not null, "token" varchar(255) not null, "client_id" varchar(32) null, "guild_id" varchar(32) null, "roblox_group_id" varchar(32) null, "created_by_id" int null, "is_online" boolean not null default false, "commands_enabled" boolean not null default true, "verification_enabled" boolean not null default true, "group_management_enabled" boolean not null default true, "auto_roles_enabled" boolean not null default false, "verification_channel_id" varchar(32) null, "created_at" timestamptz not null default now(), "last_online" timestamptz null);`,
    );

    this.addSql(
      `create table "commands" ("id" serial primary key, "name" varchar(255) not null, "description" text null, "usage_count" int not null default 0, "bot_id" int not null, "is_enabled" boolean not null default true, "created_at" timestamptz not null default now());`,
    );

    this.addSql(
      `alter table "support_tickets" add constraint "support_tickets_claimed_by_foreign" foreign key ("claimed_by") references "staff_users" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "support_ticket_messages" add constraint "support_ticket_messages_ticket_id_foreign" foreign key ("ticket_id") references "support_tickets" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "support_ticket_messages" add constraint "support_ticket_messages_staff_user_id_foreign" foreign key ("staff_user_id") references "staff_users" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "bots" add constraint "bots_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "commands" add constraint "commands_bot_id_foreign" foreign key ("bot_id") references "bots" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "support_tickets" drop constraint "support_tickets_claimed_by_foreign";`);
    this.addSql(
      `alter table "support_ticket_messages" drop constraint "support_ticket_messages_staff_user_id_foreign";`,
    );
    this.addSql(`alter table "support_ticket_messages" drop constraint "support_ticket_messages_ticket_id_foreign";`);
    this.addSql(`alter table "bots" drop constraint "bots_created_by_id_foreign";`);
    this.addSql(`alter table "commands" drop constraint "commands_bot_id_foreign";`);

    this.addSql(`drop table if exists "activities" cascade;`);
    this.addSql(`drop table if exists "announcements" cascade;`);
    this.addSql(`drop table if exists "compliance_reports" cascade;`);
    this.addSql(`drop table if exists "discord_server_configs" cascade;`);
    this.addSql(`drop table if exists "group_members" cascade;`);
    this.addSql(`drop table if exists "group_ranks" cascade;`);
    this.addSql(`drop table if exists "hr_actions" cascade;`);
    this.addSql(`drop table if exists "legal_cases" cascade;`);
    this.addSql(`drop table if exists "legal_documents" cascade;`);
    this.addSql(`drop table if exists "notifications" cascade;`);
    this.addSql(`drop table if exists "policy_violations" cascade;`);
    this.addSql(`drop table if exists "roblox_groups" cascade;`);
    this.addSql(`drop table if exists "staff_users" cascade;`);
    this.addSql(`drop table if exists "support_tickets" cascade;`);
    this.addSql(`drop table if exists "support_ticket_messages" cascade;`);
    this.addSql(`drop table if exists "users" cascade;`);
    this.addSql(`drop table if exists "bots" cascade;`);
    this.addSql(`drop table if exists "commands" cascade;`);
  }
}
