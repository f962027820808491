import { Migration } from '@mikro-orm/migrations';

/**
 * Indexes measured on 10,000 facts and notes per tenant (scripts/bench/knowledge.ts):
 * - full text: GIN on the search vector alone; a (tenant_id, search) GIN was slower, since every query
 *   then intersects the tenant's whole posting list;
 * - substring of three or more characters: trigram GIN (pg_trgm, shipped with PostgreSQL and with the
 *   embedded server) on what the screen's filter matches;
 * - one- and two-letter substrings (no trigrams): a lower-cased `search_names` column (key; title and
 *   tags) read by an index-only scan of a covering (tenant_id, created_at, id) index, which also serves
 *   the newest-first lists.
 * All GIN indexes are written through (fastupdate off): a pending list, until vacuum merges it, is scanned
 * by every search, which made searches after a burst of inserts several times slower. Writes here are
 * few and small, so they can pay for it.
 */
export class Migration20261122010100_knowledge_search_indexes extends Migration {
  override up(): void {
    this.addSql('create extension if not exists pg_trgm;');
    this.addSql(`create function "knowledge_fact_haystack"(key text, value_text text) returns text
      language sql immutable parallel safe as $$ select key || E'\\n' || value_text $$;`);
    // Only pg_catalog functions inside: PostgreSQL 17+ evaluates index expressions with a restricted
    // search_path (pg_catalog, pg_temp), where an unqualified call to our own function is not found.
    this.addSql(`create function "knowledge_note_haystack"(title text, body text, tags text[]) returns text
      language sql immutable parallel safe as $$ select title || E'\\n' || body || E'\\n' || array_to_string(tags, ' ') $$;`);
    this.addSql(`create index "knowledge_fact_substring_index" on "knowledge_fact"
      using gin (knowledge_fact_haystack("key", "value_text") gin_trgm_ops) with (fastupdate = off);`);
    this.addSql(`create index "knowledge_note_substring_index" on "knowledge_note"
      using gin (knowledge_note_haystack("title", "body", "tags") gin_trgm_ops) with (fastupdate = off);`);
    this.addSql('alter index "knowledge_fact_search_index" set (fastupdate = off);');
    this.addSql('alter index "knowledge_note_search_index" set (fastupdate = off);');

    this.addSql(`alter table "knowledge_fact"
      add column "search_names" text generated always as (lower("key")) stored;`);
    this.addSql(`alter table "knowledge_note"
      add column "search_names" text generated always as (lower("title" || E'\\n' || knowledge_tags_text("tags"))) stored;`);
    this.addSql('drop index "knowledge_fact_tenant_created_index";');
    this.addSql(`create index "knowledge_fact_tenant_created_index" on "knowledge_fact"
      ("tenant_id", "created_at" desc, "id") include ("source", "search_names");`);
    this.addSql('drop index "knowledge_note_tenant_created_index";');
    this.addSql(`create index "knowledge_note_tenant_created_index" on "knowledge_note"
      ("tenant_id", "created_at" desc, "id") include ("source", "search_names");`);
  }

  override down(): void {
    this.addSql('alter index "knowledge_note_search_index" reset (fastupdate);');
    this.addSql('alter index "knowledge_fact_search_index" reset (fastupdate);');
    this.addSql('drop index if exists "knowledge_note_tenant_created_index";');
    this.addSql('drop index if exists "knowledge_fact_tenant_created_index";');
    this.addSql('alter table "knowledge_note" drop column if exists "search_names";');
    this.addSql('alter table "knowledge_fact" drop column if exists "search_names";');
    this.addSql(
      `create index "knowledge_fact_tenant_created_index" on "knowledge_fact" ("tenant_id", "created_at" desc, "id");`,
    );
    this.addSql(
      `create index "knowledge_note_tenant_created_index" on "knowledge_note" ("tenant_id", "created_at" desc, "id");`,
    );
    this.addSql('drop index if exists "knowledge_note_substring_index";');
    this.addSql('drop index if exists "knowledge_fact_substring_index";');
    this.addSql('drop function if exists "knowledge_note_haystack"(text, text, text[]);');
    this.addSql('drop function if exists "knowledge_fact_haystack"(text, text);');
  }
}
