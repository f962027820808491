import { Migration } from '@mikro-orm/migrations';

/**
 * The address book. One contact per phone number per tenant (stored E.164), so an SMS thread finds its
 * contact by number; names are listed alphabetically, so they are indexed case-insensitively.
 */
export class Migration20261122030000_contacts extends Migration {
  override up(): void {
    this.addSql(`create table "contact" (
      "id" uuid primary key,
      "tenant_id" text not null references "tenant" ("id") on delete cascade,
      "name" text not null check (length(trim("name")) > 0),
      "nickname" text null,
      "relationship" text not null default 'other'
        check ("relationship" in ('family', 'friend', 'work', 'medical', 'service', 'other')),
      "phone_primary" text null,
      "email" text null,
      "preferred_channel" text not null default 'sms' check ("preferred_channel" in ('sms', 'call', 'email')),
      "sms_preference" text not null default 'ask_first'
        check ("sms_preference" in ('auto_respond', 'never_respond', 'ask_first')),
      "notes" text null,
      "is_favorite" boolean not null default false,
      "photo_url" text null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now()
    );`);
    this.addSql(
      `create unique index "contact_tenant_phone_unique" on "contact" ("tenant_id", "phone_primary") where "phone_primary" is not null;`,
    );
    this.addSql(`create index "contact_tenant_name_index" on "contact" ("tenant_id", lower("name"), "id");`);
  }

  override down(): void {
    this.addSql('drop table if exists "contact";');
  }
}
