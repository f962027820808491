import { Migration } from '@mikro-orm/migrations';

/**
 * Call sessions: every call with the assistant (phone, browser realtime, simple page), per user of a
 * tenant, newest first. A provider's call id (Twilio CallSid, OpenAI call id) names at most one session
 * per tenant. A browser realtime call keeps its transcript in the linked voice conversation.
 */
export class Migration20261122040000_call_sessions extends Migration {
  override up(): void {
    this.addSql(`create table "call_session" (
      "id" uuid primary key,
      "tenant_id" text not null references "tenant" ("id") on delete cascade,
      "user_id" uuid not null references "app_user" ("id") on delete cascade,
      "channel" text not null check ("channel" in ('twilio', 'webrtc', 'web')),
      "direction" text null check ("direction" in ('inbound', 'outbound')),
      "caller_id" text null,
      "provider_call_id" text null,
      "purpose" text null,
      "started_at" timestamptz not null default now(),
      "ended_at" timestamptz null,
      "transcript" jsonb not null default '[]' check (jsonb_typeof("transcript") = 'array'),
      "conversation_id" uuid null references "voice_conversation" ("id") on delete set null,
      constraint "call_session_ended_after_start" check ("ended_at" is null or "ended_at" >= "started_at")
    );`);
    this.addSql(
      `create unique index "call_session_provider_call_unique" on "call_session" ("tenant_id", "provider_call_id") where "provider_call_id" is not null;`,
    );
    this.addSql(
      `create index "call_session_user_started_index" on "call_session" ("tenant_id", "user_id", "started_at" desc, "id" desc);`,
    );
    this.addSql(`create index "call_session_user_id_index" on "call_session" ("user_id");`);
    this.addSql(
      `create index "call_session_conversation_index" on "call_session" ("conversation_id") where "conversation_id" is not null;`,
    );
  }

  override down(): void {
    this.addSql('drop table if exists "call_session";');
  }
}
