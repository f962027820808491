import { Migration } from '@mikro-orm/migrations';

/**
 * Search indexes that keep each tenant's search cheap whatever the other tenants hold: full-text GIN
 * indexes led by tenant_id (btree_gin), and trigram indexes (pg_trgm) for the substring fallback.
 * Both extensions ship with PostgreSQL (contrib, trusted since 13) and with the embedded server.
 */
export class Migration20261122010100_knowledge_search_indexes extends Migration {
  override up(): void {
    this.addSql('create extension if not exists btree_gin;');
    this.addSql('create extension if not exists pg_trgm;');
    // What the substring fallback matches: facts on key or value text, notes on title, body or tags.
    this.addSql(`create function "knowledge_fact_haystack"(key text, value_text text) returns text
      language sql immutable parallel safe as $$ select key || E'\\n' || value_text $$;`);
    this.addSql(`create function "knowledge_note_haystack"(title text, body text, tags text[]) returns text
      language sql immutable parallel safe as $$ select title || E'\\n' || body || E'\\n' || knowledge_tags_text(tags) $$;`);

    this.addSql('drop index "knowledge_fact_search_index";');
    this.addSql(
      'create index "knowledge_fact_search_index" on "knowledge_fact" using gin ("tenant_id", "search");',
    );
    this.addSql('drop index "knowledge_note_search_index";');
    this.addSql(
      'create index "knowledge_note_search_index" on "knowledge_note" using gin ("tenant_id", "search");',
    );
    this.addSql(`create index "knowledge_fact_substring_index" on "knowledge_fact"
      using gin ("tenant_id", knowledge_fact_haystack("key", "value_text") gin_trgm_ops);`);
    this.addSql(`create index "knowledge_note_substring_index" on "knowledge_note"
      using gin ("tenant_id", knowledge_note_haystack("title", "body", "tags") gin_trgm_ops);`);
  }

  override down(): void {
    this.addSql('drop index if exists "knowledge_note_substring_index";');
    this.addSql('drop index if exists "knowledge_fact_substring_index";');
    this.addSql('drop index if exists "knowledge_note_search_index";');
    this.addSql('create index "knowledge_note_search_index" on "knowledge_note" using gin ("search");');
    this.addSql('drop index if exists "knowledge_fact_search_index";');
    this.addSql('create index "knowledge_fact_search_index" on "knowledge_fact" using gin ("search");');
    this.addSql('drop function if exists "knowledge_note_haystack"(text, text, text[]);');
    this.addSql('drop function if exists "knowledge_fact_haystack"(text, text);');
  }
}
