import { Migration } from '@mikro-orm/migrations';

export class Migration20261128151916_staffDeviceGenerationMfaAttempts extends Migration {
  override name = 'Migration20261128151916_staffDeviceGenerationMfaAttempts';

  override up(): void | Promise<void> {
    this.addSql(`alter table "staff_users" add "device_generation" int not null default 0;`);

    this.addSql(`alter table "staff_mfa_challenges" add "attempts" int not null default 0;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "staff_mfa_challenges" drop column "attempts";`);

    this.addSql(`alter table "staff_users" drop column "device_generation";`);
  }
}
