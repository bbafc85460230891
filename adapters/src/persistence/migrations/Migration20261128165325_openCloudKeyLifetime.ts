import { Migration } from '@mikro-orm/migrations';

export class Migration20261128165325_openCloudKeyLifetime extends Migration {
  override name = 'Migration20261128165325_openCloudKeyLifetime';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "group_open_cloud_keys" add "expires_at" timestamptz null, add "last_used_at" timestamptz null, add "lapse_warned_at" timestamptz null, add "refused_at" timestamptz null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "group_open_cloud_keys" drop column "expires_at", drop column "last_used_at", drop column "lapse_warned_at", drop column "refused_at";`,
    );
  }
}
