import { Migration } from '@mikro-orm/migrations';

export class Migration20261123090617_incidents extends Migration {
  override name = 'Migration20261123090617_incidents';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "incidents" ("id" varchar(36) not null, "service" varchar(255) not null, "title" varchar(255) not null, "description" text not null, "status" varchar(50) not null, "severity" varchar(20) not null, "start_time" timestamptz not null, "end_time" timestamptz null, "updates" jsonb not null, primary key ("id"));`,
    );
    this.addSql(`create index "incidents_service_index" on "incidents" ("service");`);
    this.addSql(`create index "incidents_status_index" on "incidents" ("status");`);
    this.addSql(`create index "incidents_start_time_index" on "incidents" ("start_time");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "incidents" cascade;`);
  }
}
