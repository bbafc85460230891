import { Migration } from '@mikro-orm/migrations';

export class Migration20261126180008_sessionNotices extends Migration {
  override name = 'Migration20261126180008_sessionNotices';

  override up(): void | Promise<void> {
    this.addSql(`alter table "discord_server_configs" add "sessions_channel_id" varchar(32) null;`);

    this.addSql(`alter table "notifications" add "dedupe_key" varchar(255) null;`);
    this.addSql(
      `alter table "notifications" add constraint "notifications_user_id_dedupe_key_unique" unique ("user_id", "dedupe_key");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "discord_server_configs" drop column "sessions_channel_id";`);

    this.addSql(`alter table "notifications" drop constraint "notifications_user_id_dedupe_key_unique";`);
    this.addSql(`alter table "notifications" drop column "dedupe_key";`);
  }
}
