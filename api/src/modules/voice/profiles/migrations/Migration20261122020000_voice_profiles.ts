import { Migration } from '@mikro-orm/migrations';

/**
 * Voice profiles and their saved versions. Two partial unique indexes hold the invariants: at most
 * one default per tenant and agent, and one system profile per tenant. A version row may be written
 * in the same flush as its profile, so its foreign key is checked at commit.
 */
export class Migration20261122020000_voice_profiles extends Migration {
  override up(): void {
    this.addSql(`create table "voice_profile" (
      "id" uuid primary key,
      "tenant_id" text not null references "tenant" ("id") on delete cascade,
      "agent_id" text not null,
      "name" text not null,
      "context" text not null,
      "settings" jsonb not null,
      "is_default" boolean not null default false,
      "is_system" boolean not null default false,
      "version" integer not null default 1 check ("version" >= 1),
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now()
    );`);
    this.addSql(
      `create index "voice_profile_tenant_agent_index" on "voice_profile" ("tenant_id", "agent_id");`,
    );
    this.addSql(
      `create unique index "voice_profile_one_default" on "voice_profile" ("tenant_id", "agent_id") where "is_default";`,
    );
    this.addSql(
      `create unique index "voice_profile_one_system" on "voice_profile" ("tenant_id") where "is_system";`,
    );

    this.addSql(`create table "voice_profile_version" (
      "id" uuid primary key,
      "tenant_id" text not null references "tenant" ("id") on delete cascade,
      "profile_id" uuid not null references "voice_profile" ("id") on delete cascade deferrable initially deferred,
      "version" integer not null check ("version" >= 1),
      "settings" jsonb not null,
      "saved_by" text null,
      "saved_at" timestamptz not null default now()
    );`);
    this.addSql(
      `create unique index "voice_profile_version_unique" on "voice_profile_version" ("profile_id", "version");`,
    );
    this.addSql(
      `create index "voice_profile_version_tenant_index" on "voice_profile_version" ("tenant_id");`,
    );
  }

  override down(): void {
    this.addSql('drop table if exists "voice_profile_version";');
    this.addSql('drop table if exists "voice_profile";');
  }
}
