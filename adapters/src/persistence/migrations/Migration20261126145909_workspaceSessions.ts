import { Migration } from '@mikro-orm/migrations';

export class Migration20261126145909_workspaceSessions extends Migration {
  override name = 'Migration20261126145909_workspaceSessions';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "group_session_signups" ("id" serial primary key, "session_id" int not null, "roblox_user_id" varchar(32) not null, "username" varchar(255) not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "group_session_signups_session_id_index" on "group_session_signups" ("session_id");`);
    this.addSql(
      `alter table "group_session_signups" add constraint "group_session_signups_session_id_roblox_user_id_unique" unique ("session_id", "roblox_user_id");`,
    );

    this.addSql(
      `alter table "group_training_sessions" add "duration_minutes" int null, add "slots" int null, add "host_user_id" varchar(32) null, add "co_host_user_id" varchar(32) null, add "co_host_name" varchar(255) null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "group_session_signups" cascade;`);

    this.addSql(
      `alter table "group_training_sessions" drop column "duration_minutes", drop column "slots", drop column "host_user_id", drop column "co_host_user_id", drop column "co_host_name";`,
    );
  }
}
