import { Migration } from '@mikro-orm/migrations';

export class Migration20261126143751_hashedActivityKey extends Migration {
  override name = 'Migration20261126143751_hashedActivityKey';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "activity_report_receipts" ("group_id" varchar(32) not null, "event_id" varchar(64) not null, "expires_at" timestamptz not null, primary key ("group_id", "event_id"));`,
    );
    this.addSql(
      `create index "activity_report_receipts_expires_at_index" on "activity_report_receipts" ("expires_at");`,
    );

    this.addSql(`alter table "roblox_groups" add "activity_key_prefix" varchar(16) null;`);
    this.addSql(`alter table "roblox_groups" rename column "activity_key" to "activity_key_hash";`);
    // Keys stored readable until now: keep their first characters for display and replace each by its SHA-256 (hex of
    // the UTF-8 bytes, as the application hashes), so games holding a key keep reporting. One UPDATE, so both
    // right-hand sides read the old value.
    this.addSql(
      `update "roblox_groups" set "activity_key_prefix" = left("activity_key_hash", 8), "activity_key_hash" = encode(sha256(convert_to("activity_key_hash", 'UTF8')), 'hex') where "activity_key_hash" is not null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "activity_report_receipts" cascade;`);

    this.addSql(`alter table "roblox_groups" drop column "activity_key_prefix";`);
    // The keys themselves are gone: the hashes stay in activity_key, so groups stay connected, and no game's key
    // works until a manager rotates it.
    this.addSql(`alter table "roblox_groups" rename column "activity_key_hash" to "activity_key";`);
  }
}
