import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000000_platform extends Migration {
  override up(): void {
    this.addSql(`create table "tenant" (
      "id" text primary key,
      "name" text not null,
      "created_at" timestamptz not null default now()
    );`);
    this.addSql(`create table "app_user" (
      "id" uuid primary key,
      "tenant_id" text not null references "tenant" ("id") on delete cascade,
      "username" text not null,
      "email" text null,
      "password_hash" text not null,
      "is_admin" boolean not null default false,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now()
    );`);
    this.addSql(`create unique index "app_user_username_unique" on "app_user" (lower("username"));`);
    this.addSql(`create index "app_user_tenant_id_index" on "app_user" ("tenant_id");`);
    this.addSql(`create table "http_session" (
      "id" text primary key,
      "user_id" uuid null references "app_user" ("id") on delete cascade,
      "data" jsonb not null,
      "expires_at" timestamptz not null
    );`);
    this.addSql(`create index "http_session_expires_at_index" on "http_session" ("expires_at");`);
    this.addSql(`create index "http_session_user_id_index" on "http_session" ("user_id");`);
    this.addSql(`create table "login_rate_limit" (
      "key" varchar(255) primary key,
      "points" integer not null default 0,
      "expire" bigint
    );`);
  }

  override down(): void {
    this.addSql('drop table if exists "login_rate_limit";');
    this.addSql('drop table if exists "http_session";');
    this.addSql('drop table if exists "app_user";');
    this.addSql('drop table if exists "tenant";');
  }
}
