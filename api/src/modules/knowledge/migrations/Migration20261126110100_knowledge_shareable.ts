import { Migration } from '@mikro-orm/migrations';

/**
 * Facts and notes the executive marked shareable: the only knowledge an automatic reply (sent without
 * review) may use. Off by default, so existing knowledge stays private.
 */
export class Migration20261126110100_knowledge_shareable extends Migration {
  override up(): void {
    this.addSql(`alter table "knowledge_fact" add column "shareable" boolean not null default false;`);
    this.addSql(`alter table "knowledge_note" add column "shareable" boolean not null default false;`);
  }

  override down(): void {
    this.addSql(`alter table "knowledge_fact" drop column if exists "shareable";`);
    this.addSql(`alter table "knowledge_note" drop column if exists "shareable";`);
  }
}
