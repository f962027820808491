import { Migration } from '@mikro-orm/migrations';

/**
 * The Voice Console's test tickets, in PostgreSQL so the WebSocket upgrade may land on any API
 * instance. Only a hash of the token is kept; a ticket row lives a minute and is deleted when used.
 */
export class Migration20261122200000_voice_test_tickets extends Migration {
  override up(): void {
    this.addSql(`create table "voice_test_ticket" (
      "session_id" uuid primary key,
      "token_hash" bytea not null,
      "tenant_id" text not null references "tenant" ("id") on delete cascade,
      "user_id" uuid not null references "app_user" ("id") on delete cascade,
      "origin" text not null,
      "compiled" jsonb not null,
      "expires_at" timestamptz not null
    );`);
    this.addSql(`create index "voice_test_ticket_expires_at_index" on "voice_test_ticket" ("expires_at");`);
  }

  override down(): void {
    this.addSql(`drop table if exists "voice_test_ticket";`);
  }
}
