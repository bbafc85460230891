import { Migration } from '@mikro-orm/migrations';

export class Migration20261126180442_botUptimeMinutes extends Migration {
  override name = 'Migration20261126180442_botUptimeMinutes';

  override up(): void | Promise<void> {
    this.addSql(`create table "bot_uptime_minutes" ("minute" timestamptz not null, primary key ("minute"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "bot_uptime_minutes" cascade;`);
  }
}
