import { Migration } from '@mikro-orm/migrations';

/** Account deletion (legal pages: account data is kept for the account's life plus 90 days). */
export class Migration20261122030000_account_deletion extends Migration {
  override up(): void {
    this.addSql(`alter table "app_user" add column "deleted_at" timestamptz null;`);
    this.addSql(
      `create index "app_user_deleted_at_index" on "app_user" ("deleted_at") where "deleted_at" is not null;`,
    );
  }

  override down(): void {
    this.addSql(`drop index if exists "app_user_deleted_at_index";`);
    this.addSql(`alter table "app_user" drop column "deleted_at";`);
  }
}
