import { Migration } from '@mikro-orm/migrations';

export class Migration20261126175244_ticketAttachments extends Migration {
  override name = 'Migration20261126175244_ticketAttachments';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "support_ticket_attachments" ("id" serial primary key, "ticket_id" int not null, "message_id" int not null, "content_type" varchar(100) not null, "size" int not null, "duration_seconds" int null, "data" bytea not null, "created_at" timestamptz not null default now());`,
    );
    // WebM does not compress; uncompressed TOAST lets substring() read only the chunks a Range request covers.
    this.addSql(`alter table "support_ticket_attachments" alter column "data" set storage external;`);
    this.addSql(
      `create index "support_ticket_attachments_ticket_id_index" on "support_ticket_attachments" ("ticket_id");`,
    );
    this.addSql(
      `alter table "support_ticket_attachments" add constraint "support_ticket_attachments_message_id_unique" unique ("message_id");`,
    );

    this.addSql(
      `create table "support_attachment_links" ("token_hash" varchar(64) not null, "attachment_id" int not null, "expires_at" timestamptz not null, primary key ("token_hash"));`,
    );
    this.addSql(
      `create index "support_attachment_links_attachment_id_index" on "support_attachment_links" ("attachment_id");`,
    );
    this.addSql(
      `create index "support_attachment_links_expires_at_index" on "support_attachment_links" ("expires_at");`,
    );

    this.addSql(
      `alter table "support_ticket_attachments" add constraint "support_ticket_attachments_ticket_id_foreign" foreign key ("ticket_id") references "support_tickets" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "support_ticket_attachments" add constraint "support_ticket_attachments_message_id_foreign" foreign key ("message_id") references "support_ticket_messages" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "support_attachment_links" add constraint "support_attachment_links_attachment_id_foreign" foreign key ("attachment_id") references "support_ticket_attachments" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "support_attachment_links" drop constraint "support_attachment_links_attachment_id_foreign";`,
    );

    this.addSql(`drop table if exists "support_ticket_attachments" cascade;`);
    this.addSql(`drop table if exists "support_attachment_links" cascade;`);
  }
}
