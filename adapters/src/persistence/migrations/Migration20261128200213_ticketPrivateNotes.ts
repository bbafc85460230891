import { Migration } from '@mikro-orm/migrations';

export class Migration20261128200213_ticketPrivateNotes extends Migration {
  override name = 'Migration20261128200213_ticketPrivateNotes';

  override up(): void | Promise<void> {
    this.addSql(`alter table "support_ticket_messages" add "is_private" boolean not null default false;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "support_ticket_messages" drop column "is_private";`);
  }
}
