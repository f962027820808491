import { Migration } from '@mikro-orm/migrations';

/**
 * The trust model's tables: messages callers leave, actions they ask for (waiting for the executive),
 * and each user's phone access (own numbers, the passcode's hash and its attempt counter).
 */
export class Migration20261126110000_trust extends Migration {
  override up(): void {
    this.addSql(`create table "call_message" (
      "id" uuid primary key,
      "tenant_id" text not null references "tenant" ("id") on delete cascade,
      "user_id" uuid not null references "app_user" ("id") on delete cascade,
      "call_session_id" uuid null,
      "caller_name" text not null,
      "caller_e164" text not null,
      "body" text not null,
      "created_at" timestamptz not null default now()
    );`);
    this.addSql(
      `create index "call_message_user_index" on "call_message" ("tenant_id", "user_id", "created_at" desc);`,
    );
    this.addSql(`create table "pending_action" (
      "id" uuid primary key,
      "tenant_id" text not null references "tenant" ("id") on delete cascade,
      "user_id" uuid not null references "app_user" ("id") on delete cascade,
      "call_session_id" uuid null,
      "kind" text not null check ("kind" in ('send_text')),
      "status" text not null default 'pending' check ("status" in ('pending', 'sending', 'sent', 'rejected')),
      "to_e164" text not null,
      "body" text not null,
      "requested_by" text not null,
      "requested_by_e164" text not null,
      "created_at" timestamptz not null default now(),
      "decided_at" timestamptz null
    );`);
    this.addSql(
      `create index "pending_action_user_index" on "pending_action" ("tenant_id", "user_id", "status", "created_at" desc);`,
    );
    this.addSql(`create table "phone_access" (
      "user_id" uuid primary key references "app_user" ("id") on delete cascade,
      "tenant_id" text not null references "tenant" ("id") on delete cascade,
      "numbers" text[] not null default '{}',
      "passcode_hash" text null,
      "failed_attempts" int not null default 0,
      "window_started_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now()
    );`);
    this.addSql(`create index "phone_access_numbers_index" on "phone_access" using gin ("numbers");`);
  }

  override down(): void {
    this.addSql('drop table if exists "phone_access";');
    this.addSql('drop table if exists "pending_action";');
    this.addSql('drop table if exists "call_message";');
  }
}
