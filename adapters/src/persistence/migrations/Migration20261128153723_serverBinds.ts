import { Migration } from '@mikro-orm/migrations';

export class Migration20261128153723_serverBinds extends Migration {
  override name = 'Migration20261128153723_serverBinds';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "discord_server_configs" add "binds" jsonb not null default '[]', add "restrictions" jsonb not null default '{"minAccountAgeDays":0,"requireGroupId":null,"bannedRobloxIds":[]}', add "bypass_role_ids" jsonb not null default '[]';`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "discord_server_configs" drop column "binds", drop column "restrictions", drop column "bypass_role_ids";`,
    );
  }
}
