import { Migration } from '@mikro-orm/migrations';

export class Migration20261123091126_customerGuildFetches extends Migration {
  override name = 'Migration20261123091126_customerGuildFetches';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "customer_guild_fetches" ("user_id" int not null, "fetched_at" timestamptz not null, primary key ("user_id"));`,
    );

    this.addSql(`alter table "customer_guilds" drop column "fetched_at";`);

    this.addSql(
      `alter table "customer_guild_fetches" add constraint "customer_guild_fetches_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "customer_guild_fetches" cascade;`);

    this.addSql(`alter table "customer_guilds" add "fetched_at" timestamptz(6) not null;`);
  }
}
