import { Migration } from '@mikro-orm/migrations';

export class Migration20261122191716_supportTicketAccessKey extends Migration {
  override name = 'Migration20261122191716_supportTicketAccessKey';

  override up(): void | Promise<void> {
    this.addSql(`alter table "support_tickets" add "access_key_hash" varchar(64) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "support_tickets" drop column "access_key_hash";`);
  }
}
