import { Migration } from '@mikro-orm/migrations';

export class Migration20261126143833_vouchesAndClaims extends Migration {
  override name = 'Migration20261126143833_vouchesAndClaims';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "roblox_claims" ("user_id" int not null, "roblox_id" varchar(32) not null, "roblox_username" varchar(255) not null, "created_at" timestamptz not null default now(), "expires_at" timestamptz not null, primary key ("user_id"));`,
    );
    this.addSql(`create index "roblox_claims_roblox_id_index" on "roblox_claims" ("roblox_id");`);

    this.addSql(
      `create table "guild_vouches" ("guild_id" varchar(32) not null, "user_id" int not null, "roblox_id" varchar(32) not null, "roblox_username" varchar(255) not null, "vouched_by" int not null, "vouched_at" timestamptz not null, primary key ("guild_id", "user_id"));`,
    );

    this.addSql(
      `alter table "roblox_claims" add constraint "roblox_claims_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "guild_vouches" add constraint "guild_vouches_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    // Issue 22: users.roblox_id now holds proven links only. A typed, unproven link becomes a pending claim (for a
    // day, ROBLOX_CLAIM_TTL_HOURS' default) that a profile code or Roblox sign-in can still prove. Proven links stay
    // proven: those a manager's vouch set cannot be told apart from real proofs (docs/decisions.md).
    this.addSql(`insert into "roblox_claims" ("user_id", "roblox_id", "roblox_username", "expires_at")
      select "id", "roblox_id", coalesce("roblox_username", "roblox_id"), now() + interval '24 hours'
      from "users" where "roblox_id" is not null and not "is_verified";`);
    this.addSql(
      `update "users" set "roblox_id" = null, "roblox_username" = null where "roblox_id" is not null and not "is_verified";`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "roblox_claims" cascade;`);
    this.addSql(`drop table if exists "guild_vouches" cascade;`);
  }
}
