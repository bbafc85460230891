import { Migration } from '@mikro-orm/migrations';

export class Migration20261128151551_attachmentChunks extends Migration {
  override name = 'Migration20261128151551_attachmentChunks';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "support_ticket_attachment_chunks" ("attachment_id" int not null, "offset" int not null, "data" bytea not null, primary key ("attachment_id", "offset"));`,
    );
    // WebM does not compress; uncompressed TOAST lets a Range read take part of a chunk without inflating it.
    this.addSql(`alter table "support_ticket_attachment_chunks" alter column "data" set storage external;`);
    // Files stored before chunking become one chunk each: reads go by each chunk's offset, not a fixed size.
    this.addSql(
      `insert into "support_ticket_attachment_chunks" ("attachment_id", "offset", "data") select "id", 0, "data" from "support_ticket_attachments" where octet_length("data") > 0;`,
    );

    this.addSql(`alter table "support_ticket_attachments" drop column "data";`);

    this.addSql(
      `alter table "support_ticket_attachment_chunks" add constraint "support_ticket_attachment_chunks_attachment_id_foreign" foreign key ("attachment_id") references "support_ticket_attachments" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "support_ticket_attachments" add "data" bytea not null default '';`);
    this.addSql(`alter table "support_ticket_attachments" alter column "data" set storage external;`);
    this.addSql(
      `update "support_ticket_attachments" a set "data" = (select string_agg(c."data", '' order by c."offset") from "support_ticket_attachment_chunks" c where c."attachment_id" = a."id") where exists (select 1 from "support_ticket_attachment_chunks" c where c."attachment_id" = a."id");`,
    );
    this.addSql(`alter table "support_ticket_attachments" alter column "data" drop default;`);

    this.addSql(`drop table if exists "support_ticket_attachment_chunks" cascade;`);
  }
}
