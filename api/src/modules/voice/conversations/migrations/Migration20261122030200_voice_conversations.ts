import { Migration } from '@mikro-orm/migrations';

/**
 * Stored voice conversations, per user (not only per tenant), with their lines in order. The count of
 * lines is kept on the conversation so the history list reads one row per conversation.
 */
export class Migration20261122030200_voice_conversations extends Migration {
  override up(): void {
    this.addSql(`create table "voice_conversation" (
      "id" uuid primary key,
      "tenant_id" text not null references "tenant" ("id") on delete cascade,
      "user_id" uuid not null references "app_user" ("id") on delete cascade,
      "title" text null,
      "started_at" timestamptz not null default now(),
      "ended_at" timestamptz null,
      "message_count" integer not null default 0 check ("message_count" >= 0)
    );`);
    this.addSql(
      `create index "voice_conversation_user_started_index" on "voice_conversation" ("tenant_id", "user_id", "started_at" desc, "id");`,
    );
    this.addSql(`create index "voice_conversation_user_id_index" on "voice_conversation" ("user_id");`);

    this.addSql(`create table "voice_conversation_message" (
      "id" uuid primary key,
      "tenant_id" text not null references "tenant" ("id") on delete cascade,
      "conversation_id" uuid not null references "voice_conversation" ("id") on delete cascade,
      "role" text not null check ("role" in ('user', 'assistant')),
      "content" text not null,
      "timestamp" timestamptz not null default now()
    );`);
    this.addSql(
      `create index "voice_conversation_message_conversation_index" on "voice_conversation_message" ("conversation_id", "timestamp", "id");`,
    );
    this.addSql(
      `create index "voice_conversation_message_tenant_index" on "voice_conversation_message" ("tenant_id");`,
    );
  }

  override down(): void {
    this.addSql('drop table if exists "voice_conversation_message";');
    this.addSql('drop table if exists "voice_conversation";');
  }
}
