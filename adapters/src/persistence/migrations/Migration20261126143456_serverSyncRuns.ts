import { Migration } from '@mikro-orm/migrations';

export class Migration20261126143456_serverSyncRuns extends Migration {
  override name = 'Migration20261126143456_serverSyncRuns';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "server_sync_runs" ("guild_id" varchar(32) not null, "state" varchar(16) not null, "generation" int not null, "cursor" varchar(32) not null, "wrap_at" varchar(32) not null, "wrapped" boolean not null, "total" int not null, "visited" int not null, "changed" int not null, "unchanged" int not null, "failed" int not null, "started_at" timestamptz not null, "finished_at" timestamptz null, "error" text null, "worker_token" varchar(64) null, "updated_at" timestamptz not null default now(), primary key ("guild_id"));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "server_sync_runs" cascade;`);
  }
}
