import { Migration } from '@mikro-orm/migrations';

/**
 * Usage: each tenant's currency, budget and price overrides, and the usage ledger (one row per call,
 * draft or sent text). Ledger rows name their source without a foreign key, so a call deleted with
 * its figures still counts in the month's totals; a deleted user's rows stay, without the user.
 */
export class Migration20261127080000_usage extends Migration {
  override up(): void {
    this.addSql(`create table "usage_settings" (
      "tenant_id" text primary key references "tenant" ("id") on delete cascade,
      "currency" text not null default 'USD' check ("currency" ~ '^[A-Z]{3}$'),
      "usd_rate" numeric not null default 1 check ("usd_rate" > 0),
      "monthly_budget" numeric null check ("monthly_budget" is null or "monthly_budget" > 0),
      "hard_stop" boolean not null default false,
      "prices" jsonb not null default '{}' check (jsonb_typeof("prices") = 'object'),
      "updated_at" timestamptz not null default now()
    );`);
    this.addSql(`create table "usage_entry" (
      "id" uuid primary key default gen_random_uuid(),
      "tenant_id" text not null references "tenant" ("id") on delete cascade,
      "user_id" uuid null references "app_user" ("id") on delete set null,
      "channel" text not null check ("channel" in ('twilio', 'webrtc', 'web', 'sms')),
      "kind" text not null check ("kind" in ('call', 'draft', 'text')),
      "source_id" text not null,
      "at" timestamptz not null,
      "seconds" numeric not null default 0,
      "segments" integer not null default 0,
      "tokens" bigint not null default 0,
      "cost_usd" numeric not null default 0,
      "provider_ref" text null,
      "provider_priced" boolean not null default false
    );`);
    this.addSql(
      `create unique index "usage_entry_source_unique" on "usage_entry" ("tenant_id", "kind", "source_id");`,
    );
    this.addSql(`create index "usage_entry_tenant_at_index" on "usage_entry" ("tenant_id", "at");`);
    this.addSql(`create index "usage_entry_user_id_index" on "usage_entry" ("user_id");`);
  }

  override down(): void {
    this.addSql('drop table if exists "usage_entry";');
    this.addSql('drop table if exists "usage_settings";');
  }
}
