import { Migration } from '@mikro-orm/migrations';

export class Migration20261122183949_customerSessions extends Migration {
  override name = 'Migration20261122183949_customerSessions';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "customer_sessions" ("id" varchar(64) not null, "data" jsonb not null, "expires_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "customer_sessions_expires_at_index" on "customer_sessions" ("expires_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "customer_sessions" cascade;`);
  }
}
