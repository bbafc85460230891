import { Migration } from '@mikro-orm/migrations';

export class Migration20261123170935_ticketSearch extends Migration {
  override name = 'Migration20261123170935_ticketSearch';

  override up(): void | Promise<void> {
    // The staff ticket search (`ilike '%text%'`) needs trigram indexes; pg_trgm ships with PostgreSQL's contrib
    // (and with the embedded server). The extension stays on down(): other objects may come to use it.
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create index "support_tickets_status_id_index" on "support_tickets" ("status", "id");`);
    this.addSql(`create index "support_tickets_title_trgm" on "support_tickets" using gin ("title" gin_trgm_ops);`);
    this.addSql(
      `create index "support_tickets_user_email_trgm" on "support_tickets" using gin ("user_email" gin_trgm_ops);`,
    );
    this.addSql(
      `create index "support_tickets_category_trgm" on "support_tickets" using gin ("category" gin_trgm_ops);`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "support_tickets_status_id_index";`);
    this.addSql(`drop index "support_tickets_title_trgm";`);
    this.addSql(`drop index "support_tickets_user_email_trgm";`);
    this.addSql(`drop index "support_tickets_category_trgm";`);
  }
}
