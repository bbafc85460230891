import { Migration } from '@mikro-orm/migrations';

export class Migration20261126152205_workspaceDocuments extends Migration {
  override name = 'Migration20261126152205_workspaceDocuments';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "group_documents" ("id" serial primary key, "group_id" varchar(32) not null, "title" varchar(255) not null, "type" varchar(50) not null, "body" text not null, "rank_ids" jsonb not null, "created_by" varchar(255) not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(
      `create index "group_documents_group_id_created_at_index" on "group_documents" ("group_id", "created_at");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "group_documents" cascade;`);
  }
}
