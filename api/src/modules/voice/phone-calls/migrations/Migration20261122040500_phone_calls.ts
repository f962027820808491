import { Migration } from '@mikro-orm/migrations';

const STATUSES = `('placing', 'queued', 'initiated', 'ringing', 'in-progress', 'completed', 'busy', 'failed', 'no-answer', 'canceled')`;

/**
 * Phone calls through Twilio: one row per call the assistant placed or answered, beside the call
 * session it is recorded as. The partial unique index is the duplicate-call guard: one
 * call in progress per number per tenant, held by PostgreSQL so it holds across API instances.
 */
export class Migration20261122040500_phone_calls extends Migration {
  override up(): void {
    this.addSql(`create table "phone_call" (
      "id" uuid primary key,
      "tenant_id" text not null references "tenant" ("id") on delete cascade,
      "user_id" uuid not null references "app_user" ("id") on delete cascade,
      "call_session_id" uuid null,
      "direction" text not null check ("direction" in ('inbound', 'outbound')),
      "remote_e164" text not null,
      "assistant_e164" text not null,
      "purpose" text not null default '',
      "twilio_call_sid" text null unique,
      "status" text not null default 'placing' check ("status" in ${STATUSES}),
      "stream_token_hash" text null,
      "stream_sid" text null,
      "created_at" timestamptz not null default now(),
      "answered_at" timestamptz null,
      "ended_at" timestamptz null
    );`);
    this.addSql(
      `create unique index "phone_call_one_in_progress" on "phone_call" ("tenant_id", "remote_e164") where "ended_at" is null;`,
    );
    this.addSql(`create index "phone_call_tenant_index" on "phone_call" ("tenant_id", "created_at" desc);`);
    this.addSql(`create index "phone_call_user_index" on "phone_call" ("user_id");`);
    this.addSql(`create index "phone_call_session_index" on "phone_call" ("call_session_id");`);
  }

  override down(): void {
    this.addSql(`drop table if exists "phone_call";`);
  }
}
