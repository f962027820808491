import { Migration } from '@mikro-orm/migrations';

/** Each user's connected Google accounts, with the refresh token encrypted (AES-256-GCM) by the app. */
export class Migration20261122020000_google_accounts extends Migration {
  override up(): void {
    this.addSql(`create table "google_account" (
      "id" uuid primary key,
      "tenant_id" text not null references "tenant" ("id") on delete cascade,
      "user_id" uuid not null references "app_user" ("id") on delete cascade,
      "google_sub" text not null,
      "email" text not null,
      "name" text not null,
      "picture" text null,
      "is_active" boolean not null default false,
      "refresh_token_cipher" text null,
      "scope" text not null,
      "connected_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now()
    );`);
    this.addSql(
      `create unique index "google_account_owner_sub_unique" on "google_account" ("tenant_id", "user_id", "google_sub");`,
    );
    // The tools use one account: the database refuses a second active one for the same user.
    this.addSql(
      `create unique index "google_account_owner_active_unique" on "google_account" ("tenant_id", "user_id") where "is_active";`,
    );
    this.addSql(`create index "google_account_user_id_index" on "google_account" ("user_id");`);
  }

  override down(): void {
    this.addSql('drop table if exists "google_account";');
  }
}
