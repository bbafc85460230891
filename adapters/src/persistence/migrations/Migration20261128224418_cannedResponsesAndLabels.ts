import { Migration } from '@mikro-orm/migrations';

export class Migration20261128224418_cannedResponsesAndLabels extends Migration {
  override name = 'Migration20261128224418_cannedResponsesAndLabels';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "support_canned_responses" ("id" serial primary key, "short_code" varchar(40) not null, "title" varchar(255) not null, "body" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(
      `alter table "support_canned_responses" add constraint "support_canned_responses_short_code_unique" unique ("short_code");`,
    );

    this.addSql(`alter table "support_tickets" add "labels" text[] not null default '{}';`);
    this.addSql(`create index "support_tickets_labels_gin" on "support_tickets" using gin ("labels");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "support_canned_responses" cascade;`);

    this.addSql(`drop index "support_tickets_labels_gin";`);
    this.addSql(`alter table "support_tickets" drop column "labels";`);
  }
}
