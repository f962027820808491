import { Migration } from '@mikro-orm/migrations';

/**
 * The ledger also holds what is spent outside calls and texts: a typed call's reply (the text model's
 * tokens) and a web search (its tokens and the search tool's fee), so the budget has no side door.
 */
export class Migration20261129030000_usage_service_kinds extends Migration {
  override up(): void {
    this.addSql(`alter table "usage_entry" drop constraint if exists "usage_entry_kind_check";`);
    this.addSql(`alter table "usage_entry" add constraint "usage_entry_kind_check"
      check ("kind" in ('call', 'draft', 'text', 'reply', 'search'));`);
  }

  override down(): void {
    this.addSql(`delete from "usage_entry" where "kind" in ('reply', 'search');`);
    this.addSql(`alter table "usage_entry" drop constraint if exists "usage_entry_kind_check";`);
    this.addSql(`alter table "usage_entry" add constraint "usage_entry_kind_check"
      check ("kind" in ('call', 'draft', 'text'));`);
  }
}
