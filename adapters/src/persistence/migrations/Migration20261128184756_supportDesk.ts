import { Migration } from '@mikro-orm/migrations';

export class Migration20261128184756_supportDesk extends Migration {
  override name = 'Migration20261128184756_supportDesk';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "support_agent_assignments" ("staff_user_id" int not null, "last_assigned_at" timestamptz not null, primary key ("staff_user_id"));`,
    );

    this.addSql(
      `create table "support_reply_tokens" ("token_hash" varchar(64) not null, "ticket_id" int not null, "expires_at" timestamptz not null, primary key ("token_hash"));`,
    );
    this.addSql(`create index "support_reply_tokens_ticket_id_index" on "support_reply_tokens" ("ticket_id");`);
    this.addSql(`create index "support_reply_tokens_expires_at_index" on "support_reply_tokens" ("expires_at");`);

    this.addSql(
      `create table "support_chat_readers" ("id" uuid not null, "ticket_id" int not null, "expires_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "support_chat_readers_ticket_id_index" on "support_chat_readers" ("ticket_id");`);

    this.addSql(
      `create table "support_ticket_mail" ("ticket_id" int not null, "chat_key_sealed" text not null, "mailed_message_id" int not null default 0, "last_mailed_at" timestamptz null, primary key ("ticket_id"));`,
    );

    this.addSql(
      `create table "support_ticket_ratings" ("ticket_id" int not null, "score" smallint not null, "comment" text null, "created_at" timestamptz not null default now(), primary key ("ticket_id"));`,
    );
    this.addSql(`create index "support_ticket_ratings_created_at_index" on "support_ticket_ratings" ("created_at");`);

    this.addSql(
      `alter table "support_agent_assignments" add constraint "support_agent_assignments_staff_user_id_foreign" foreign key ("staff_user_id") references "staff_users" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "support_reply_tokens" add constraint "support_reply_tokens_ticket_id_foreign" foreign key ("ticket_id") references "support_tickets" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "support_chat_readers" add constraint "support_chat_readers_ticket_id_foreign" foreign key ("ticket_id") references "support_tickets" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "support_ticket_mail" add constraint "support_ticket_mail_ticket_id_foreign" foreign key ("ticket_id") references "support_tickets" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "support_ticket_ratings" add constraint "support_ticket_ratings_ticket_id_foreign" foreign key ("ticket_id") references "support_tickets" ("id") on update cascade on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "support_agent_assignments" cascade;`);
    this.addSql(`drop table if exists "support_reply_tokens" cascade;`);
    this.addSql(`drop table if exists "support_chat_readers" cascade;`);
    this.addSql(`drop table if exists "support_ticket_mail" cascade;`);
    this.addSql(`drop table if exists "support_ticket_ratings" cascade;`);
  }
}
