import { Migration } from '@mikro-orm/migrations';

export class Migration20261126150815_applicationReview extends Migration {
  override name = 'Migration20261126150815_applicationReview';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "group_applications" add "review_note" text null, add "reviewed_by" varchar(255) null, add "reviewed_at" timestamptz null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "group_applications" drop column "review_note", drop column "reviewed_by", drop column "reviewed_at";`,
    );
  }
}
