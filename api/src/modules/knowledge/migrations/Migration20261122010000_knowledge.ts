import { Migration } from '@mikro-orm/migrations';

const SOURCES = `('auwagenics', 'natural_house', 'other')`;

/**
 * Facts (latest version per key, plus every version), notes, and their full-text search columns.
 * A fact's value is kept as the JSON text the client sent (key order and all), with a generated jsonb
 * copy for querying; JSON null is the text 'null', never SQL NULL.
 */
export class Migration20261122010000_knowledge extends Migration {
  override up(): void {
    // array_to_string is only STABLE, which a generated column refuses; on text[] it cannot vary.
    this.addSql(`create function "knowledge_tags_text"(tags text[]) returns text
      language sql immutable parallel safe as $$ select array_to_string(tags, ' ') $$;`);
    // Splits camelCase keys into words, so "ceoName" is found by "name".
    this.addSql(`create function "knowledge_key_text"(key text) returns text
      language sql immutable parallel safe as $$
        select key || ' ' || regexp_replace(key, '([a-z0-9])([A-Z])', '\\1 \\2', 'g')
      $$;`);

    this.addSql(`create table "knowledge_fact" (
      "id" uuid primary key,
      "tenant_id" text not null references "tenant" ("id") on delete cascade,
      "key" text not null,
      "value_text" text not null,
      "value" jsonb generated always as ("value_text"::jsonb) stored,
      "unit" text null,
      "version" integer not null default 1 check ("version" >= 1),
      "source" text not null default 'other' check ("source" in ${SOURCES}),
      "created_at" timestamptz not null default now(),
      "approved_at" timestamptz null,
      "search" tsvector generated always as (
        setweight(to_tsvector('english', knowledge_key_text("key")), 'A') ||
        setweight(jsonb_to_tsvector('english', "value_text"::jsonb, '["string", "numeric", "boolean", "key"]'), 'B') ||
        setweight(to_tsvector('english', coalesce("unit", '')), 'C')
      ) stored
    );`);
    this.addSql(
      `create unique index "knowledge_fact_tenant_key_unique" on "knowledge_fact" ("tenant_id", "key");`,
    );
    this.addSql(
      `create index "knowledge_fact_tenant_created_index" on "knowledge_fact" ("tenant_id", "created_at" desc, "id");`,
    );
    this.addSql(`create index "knowledge_fact_search_index" on "knowledge_fact" using gin ("search");`);

    this.addSql(`create table "knowledge_fact_version" (
      "id" uuid primary key,
      "fact_id" uuid not null references "knowledge_fact" ("id") on delete cascade,
      "tenant_id" text not null references "tenant" ("id") on delete cascade,
      "version" integer not null check ("version" >= 1),
      "value_text" text not null,
      "value" jsonb generated always as ("value_text"::jsonb) stored,
      "unit" text null,
      "created_at" timestamptz not null default now(),
      "approved_at" timestamptz null
    );`);
    this.addSql(
      `create unique index "knowledge_fact_version_fact_version_unique" on "knowledge_fact_version" ("fact_id", "version");`,
    );
    this.addSql(
      `create index "knowledge_fact_version_tenant_id_index" on "knowledge_fact_version" ("tenant_id");`,
    );

    this.addSql(`create table "knowledge_note" (
      "id" uuid primary key,
      "tenant_id" text not null references "tenant" ("id") on delete cascade,
      "title" text not null,
      "body" text not null,
      "tags" text[] not null default '{}',
      "source" text not null default 'other' check ("source" in ${SOURCES}),
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      "search" tsvector generated always as (
        setweight(to_tsvector('english', "title"), 'A') ||
        setweight(to_tsvector('english', knowledge_tags_text("tags")), 'B') ||
        setweight(to_tsvector('english', "body"), 'C')
      ) stored
    );`);
    this.addSql(
      `create index "knowledge_note_tenant_created_index" on "knowledge_note" ("tenant_id", "created_at" desc, "id");`,
    );
    this.addSql(`create index "knowledge_note_search_index" on "knowledge_note" using gin ("search");`);
  }

  override down(): void {
    this.addSql('drop table if exists "knowledge_note";');
    this.addSql('drop table if exists "knowledge_fact_version";');
    this.addSql('drop table if exists "knowledge_fact";');
    this.addSql('drop function if exists "knowledge_key_text"(text);');
    this.addSql('drop function if exists "knowledge_tags_text"(text[]);');
  }
}
