import { Migration } from '@mikro-orm/migrations';

export class Migration20261123171456_botRoleProblems extends Migration {
  override name = 'Migration20261123171456_botRoleProblems';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "bot_role_problems" ("guild_id" varchar(32) not null, "kind" varchar(16) not null, "target_id" varchar(32) not null, "name" varchar(255) not null, "reason" text not null, "noted_at" timestamptz not null default now(), primary key ("guild_id", "kind", "target_id"));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "bot_role_problems" cascade;`);
  }
}
