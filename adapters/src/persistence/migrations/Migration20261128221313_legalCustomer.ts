import { Migration } from '@mikro-orm/migrations';

export class Migration20261128221313_legalCustomer extends Migration {
  override name = 'Migration20261128221313_legalCustomer';

  override up(): void | Promise<void> {
    // Nothing wrote these spec columns before; a value from an imported row that names no account would stop the key.
    this.addSql(`update "policy_violations" set "user_id" = null where "user_id" not in (select "id" from "users");`);
    this.addSql(
      `update "legal_cases" set "target_user_id" = null where "target_user_id" not in (select "id" from "users");`,
    );

    this.addSql(
      `alter table "policy_violations" add constraint "policy_violations_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(`create index "policy_violations_user_id_index" on "policy_violations" ("user_id");`);

    this.addSql(
      `alter table "legal_cases" add constraint "legal_cases_target_user_id_foreign" foreign key ("target_user_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(`create index "legal_cases_target_user_id_index" on "legal_cases" ("target_user_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "legal_cases" drop constraint "legal_cases_target_user_id_foreign";`);

    this.addSql(`alter table "policy_violations" drop constraint "policy_violations_user_id_foreign";`);

    this.addSql(`drop index "legal_cases_target_user_id_index";`);

    this.addSql(`drop index "policy_violations_user_id_index";`);
  }
}
