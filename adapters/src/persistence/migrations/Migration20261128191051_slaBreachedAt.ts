import { Migration } from '@mikro-orm/migrations';

export class Migration20261128191051_slaBreachedAt extends Migration {
  override name = 'Migration20261128191051_slaBreachedAt';

  override up(): void | Promise<void> {
    this.addSql(`alter table "support_tickets" add "sla_breached_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "support_tickets" drop column "sla_breached_at";`);
  }
}
