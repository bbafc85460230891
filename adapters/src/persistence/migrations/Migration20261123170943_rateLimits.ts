import { Migration } from '@mikro-orm/migrations';

export class Migration20261123170943_rateLimits extends Migration {
  override name = 'Migration20261123170943_rateLimits';

  override up(): void | Promise<void> {
    // Unlogged: counters are rewritten on every request and losing them in a crash only loosens limits briefly.
    this.addSql(
      `create unlogged table "rate_limits" ("key" text not null, "points" int not null default 0, "expire" bigint null, primary key ("key"));`,
    );

    this.addSql(`drop table if exists "staff_login_failures" cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(
      `create table "staff_login_failures" ("email" varchar(255) not null, "failed_at" timestamptz(6) not null, "id" serial primary key);`,
    );
    this.addSql(`create index "staff_login_failures_email_index" on "staff_login_failures" ("email");`);

    this.addSql(`drop table if exists "rate_limits" cascade;`);
  }
}
