import { Migration } from '@mikro-orm/migrations';

const PREFERENCES = `('auto_respond', 'never_respond', 'ask_first')`;
const STATUSES = `('accepted', 'queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed', 'read', 'received')`;

/**
 * SMS: each tenant's messaging numbers (webhooks find their tenant by the number texted), one thread per
 * tenant and phone number, its messages, and the assistant's drafts. The thread keeps a copy of its
 * last message and its unread count, so the thread list reads one row per thread.
 */
export class Migration20261122030100_sms extends Migration {
  override up(): void {
    this.addSql(`create table "messaging_number" (
      "phone_e164" text primary key,
      "tenant_id" text not null unique references "tenant" ("id") on delete cascade,
      "created_at" timestamptz not null default now()
    );`);

    this.addSql(`create table "sms_thread" (
      "id" uuid primary key,
      "tenant_id" text not null references "tenant" ("id") on delete cascade,
      "phone_e164" text not null,
      "opted_out" boolean not null default false,
      "opted_out_at" timestamptz null,
      "response_preference" text null check ("response_preference" in ${PREFERENCES}),
      "unread_count" integer not null default 0 check ("unread_count" >= 0),
      "last_message_at" timestamptz null,
      "last_message_body" text null,
      "last_message_direction" text null check ("last_message_direction" in ('inbound', 'outbound')),
      "last_auto_reply_at" timestamptz null,
      "created_at" timestamptz not null default now()
    );`);
    this.addSql(
      `create unique index "sms_thread_tenant_phone_unique" on "sms_thread" ("tenant_id", "phone_e164");`,
    );
    this.addSql(
      `create index "sms_thread_tenant_last_message_index" on "sms_thread" ("tenant_id", "last_message_at" desc nulls last, "id");`,
    );

    this.addSql(`create table "sms_message" (
      "id" uuid primary key,
      "tenant_id" text not null references "tenant" ("id") on delete cascade,
      "thread_id" uuid not null references "sms_thread" ("id") on delete cascade,
      "direction" text not null check ("direction" in ('inbound', 'outbound')),
      "body" text not null default '',
      "media_urls" text[] not null default '{}',
      "status" text not null check ("status" in ${STATUSES}),
      "twilio_sid" text null,
      "error_code" integer null,
      "auto_reply_to" uuid null references "sms_message" ("id") on delete set null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now()
    );`);
    // Twilio redelivers webhooks: the message sid decides whether a text is new.
    this.addSql(`create unique index "sms_message_twilio_sid_unique" on "sms_message" ("twilio_sid");`);
    // At most one automatic reply per inbound message, whatever the job retries do.
    this.addSql(`create unique index "sms_message_auto_reply_unique" on "sms_message" ("auto_reply_to");`);
    this.addSql(
      `create index "sms_message_thread_created_index" on "sms_message" ("thread_id", "created_at" desc, "id" desc);`,
    );
    this.addSql(`create index "sms_message_tenant_index" on "sms_message" ("tenant_id");`);

    this.addSql(`create table "sms_draft" (
      "id" uuid primary key,
      "tenant_id" text not null references "tenant" ("id") on delete cascade,
      "thread_id" uuid not null references "sms_thread" ("id") on delete cascade,
      "inbound_message_id" uuid not null unique references "sms_message" ("id") on delete cascade,
      "body" text not null,
      "status" text not null default 'pending'
        check ("status" in ('pending', 'approved', 'rejected', 'superseded', 'auto_sent')),
      "created_at" timestamptz not null default now(),
      "decided_at" timestamptz null
    );`);
    this.addSql(
      `create index "sms_draft_thread_pending_index" on "sms_draft" ("thread_id", "created_at" desc) where "status" = 'pending';`,
    );
    this.addSql(`create index "sms_draft_tenant_index" on "sms_draft" ("tenant_id");`);
  }

  override down(): void {
    this.addSql('drop table if exists "sms_draft";');
    this.addSql('drop table if exists "sms_message";');
    this.addSql('drop table if exists "sms_thread";');
    this.addSql('drop table if exists "messaging_number";');
  }
}
