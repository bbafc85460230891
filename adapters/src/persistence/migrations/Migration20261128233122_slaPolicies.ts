import { Migration } from '@mikro-orm/migrations';

export class Migration20261128233122_slaPolicies extends Migration {
  override name = 'Migration20261128233122_slaPolicies';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "support_sla_policies" ("priority" varchar(20) not null, "first_response_minutes" int not null, "resolution_hours" int not null, primary key ("priority"));`,
    );

    this.addSql(`alter table "support_tickets" add "first_response_at" timestamptz null;`);
    // Tickets answered before the column: their first visible staff reply.
    this.addSql(`update "support_tickets" t set "first_response_at" = (
      select min(m."created_at") from "support_ticket_messages" m
      where m."ticket_id" = t."id" and m."sender_type" = 'staff' and not m."is_private");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "support_sla_policies" cascade;`);

    this.addSql(`alter table "support_tickets" drop column "first_response_at";`);
  }
}
