import { Migration } from '@mikro-orm/migrations';

export class Migration20261123170934_supportTicketEvents extends Migration {
  override name = 'Migration20261123170934_supportTicketEvents';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "support_stream_tickets" ("ticket_hash" varchar(64) not null, "session_hash" varchar(64) not null, "expires_at" timestamptz not null, primary key ("ticket_hash"));`,
    );
    this.addSql(`create index "support_stream_tickets_expires_at_index" on "support_stream_tickets" ("expires_at");`);

    this.addSql(
      `create table "support_ticket_events" ("id" bigserial primary key, "ticket_id" int not null, "type" varchar(50) not null, "payload" jsonb not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "support_ticket_events_created_at_index" on "support_ticket_events" ("created_at");`);
    this.addSql(
      `create index "support_ticket_events_ticket_id_id_index" on "support_ticket_events" ("ticket_id", "id");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "support_stream_tickets" cascade;`);
    this.addSql(`drop table if exists "support_ticket_events" cascade;`);
  }
}
