import { Migration } from '@mikro-orm/migrations';

export class Migration20261122183604_staff_accounts extends Migration {
  override name = 'Migration20261122183604_staff_accounts';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "staff_login_failures" ("id" serial primary key, "email" varchar(255) not null, "failed_at" timestamptz not null);`,
    );
    this.addSql(`create index "staff_login_failures_email_index" on "staff_login_failures" ("email");`);

    this.addSql(
      `create table "staff_sessions" ("id" serial primary key, "staff_user_id" int not null, "token_hash" varchar(64) not null, "expires_at" timestamptz not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "staff_sessions_staff_user_id_index" on "staff_sessions" ("staff_user_id");`);
    this.addSql(
      `alter table "staff_sessions" add constraint "staff_sessions_token_hash_unique" unique ("token_hash");`,
    );
    this.addSql(`create index "staff_sessions_expires_at_index" on "staff_sessions" ("expires_at");`);

    this.addSql(`alter table "activities" add "staff_user_id" int null;`);
    this.addSql(`create index "activities_staff_user_id_index" on "activities" ("staff_user_id");`);

    this.addSql(
      `alter table "staff_users" add "must_change_password" boolean not null default false, add "suspended_until" timestamptz null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "staff_login_failures" cascade;`);
    this.addSql(`drop table if exists "staff_sessions" cascade;`);

    this.addSql(`drop index "activities_staff_user_id_index";`);
    this.addSql(`alter table "activities" drop column "staff_user_id";`);

    this.addSql(`alter table "staff_users" drop column "must_change_password", drop column "suspended_until";`);
  }
}
