import { Migration } from '@mikro-orm/migrations';

export class Migration20261126143540_staffMfa extends Migration {
  override name = 'Migration20261126143540_staffMfa';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "staff_mfa_recovery_codes" ("id" serial primary key, "staff_user_id" int not null, "code_hash" varchar(64) not null);`,
    );
    this.addSql(
      `create index "staff_mfa_recovery_codes_staff_user_id_index" on "staff_mfa_recovery_codes" ("staff_user_id");`,
    );

    this.addSql(
      `create table "staff_mfa_challenges" ("id" serial primary key, "staff_user_id" int not null, "token_hash" varchar(64) not null, "expires_at" timestamptz not null);`,
    );
    this.addSql(`create index "staff_mfa_challenges_staff_user_id_index" on "staff_mfa_challenges" ("staff_user_id");`);
    this.addSql(
      `alter table "staff_mfa_challenges" add constraint "staff_mfa_challenges_token_hash_unique" unique ("token_hash");`,
    );
    this.addSql(`create index "staff_mfa_challenges_expires_at_index" on "staff_mfa_challenges" ("expires_at");`);

    this.addSql(
      `alter table "staff_users" add "mfa_enabled" boolean not null default false, add "mfa_secret" text null, add "mfa_pending_secret" text null, add "mfa_last_step" bigint null;`,
    );

    this.addSql(
      `alter table "staff_mfa_recovery_codes" add constraint "staff_mfa_recovery_codes_staff_user_id_foreign" foreign key ("staff_user_id") references "staff_users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "staff_mfa_challenges" add constraint "staff_mfa_challenges_staff_user_id_foreign" foreign key ("staff_user_id") references "staff_users" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "staff_mfa_recovery_codes" cascade;`);
    this.addSql(`drop table if exists "staff_mfa_challenges" cascade;`);

    this.addSql(
      `alter table "staff_users" drop column "mfa_enabled", drop column "mfa_secret", drop column "mfa_pending_secret", drop column "mfa_last_step";`,
    );
  }
}
