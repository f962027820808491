import { Migration } from '@mikro-orm/migrations';

/**
 * Releases customers can trust: a version a deploy token published reaches the operator's own tenant
 * only until an operator administrator approves it (`approved_at`; what was published before this
 * migration, or by an administrator or the operator, counts as approved); a per-remote switch lets a
 * token approve its own versions (off); the operator's tenant is pinned once (a single row, changed only by
 * an operator command); every version number ever published is kept (a pruned number is never reused);
 * each file's size (the approval shows what changed); the tenant of each user a version was served to
 * (automatic rollback counts tenants). The registry stays the operator's, shared by every tenant: a
 * tenant is a fact recorded here (`served_tenant`, `operator_tenant`), never a scope (no `tenant_id`).
 */
export class Migration20261129020000_release_approval extends Migration {
  override up(): void {
    this.addSql(
      `alter table "remote_release" add column "approved_at" timestamptz, add column "approved_by" text;`,
    );
    this.addSql(
      `update "remote_release" set "approved_at" = "published_at", "approved_by" = 'published before approvals';`,
    );
    this.addSql(`alter table "remote_release_file" add column "size" bigint;`);
    this.addSql(
      `update "remote_release_file" set "size" = octet_length("content") where "content" is not null;`,
    );
    this.addSql(`alter table "remote_state" add column "token_approves" boolean not null default false;`);
    this.addSql(`alter table "remote_assignment" add column "served_tenant" text;`);
    this.addSql(`create table "remote_version_ledger" (
  "remote" text not null,
  "version" text not null,
  "digest" text,
  "published_at" timestamptz not null default now(),
  primary key ("remote", "version")
);`);
    this.addSql(
      `insert into "remote_version_ledger" ("remote", "version", "digest", "published_at")
       select "remote", "version", "digest", "published_at" from "remote_release";`,
    );
    this.addSql(`create table "remote_operator_tenant" (
  "singleton" boolean primary key default true check ("singleton"),
  "operator_tenant" text not null,
  "pinned_by" text not null,
  "pinned_at" timestamptz not null default now()
);`);
    // Approving a version, or pinning another operator tenant, changes what users are served.
    this.addSql(`create trigger "remote_release_approved" after update of "approved_at" on "remote_release"
  for each row execute function "annie_remote_changed"();`);
    this.addSql(`create function "annie_operator_tenant_changed"() returns trigger language plpgsql as $$
begin
  perform pg_notify('annie_remote_changed', json_build_object('remote', '*')::text);
  return null;
end $$;`);
    this.addSql(`create trigger "remote_operator_tenant_changed" after insert or update on "remote_operator_tenant"
  for each row execute function "annie_operator_tenant_changed"();`);
  }

  override down(): void {
    this.addSql(`drop trigger if exists "remote_operator_tenant_changed" on "remote_operator_tenant";`);
    this.addSql(`drop function if exists "annie_operator_tenant_changed"();`);
    this.addSql(`drop trigger if exists "remote_release_approved" on "remote_release";`);
    this.addSql(`drop table if exists "remote_operator_tenant", "remote_version_ledger";`);
    this.addSql(`alter table "remote_assignment" drop column if exists "served_tenant";`);
    this.addSql(`alter table "remote_state" drop column if exists "token_approves";`);
    this.addSql(`alter table "remote_release_file" drop column if exists "size";`);
    this.addSql(
      `alter table "remote_release" drop column if exists "approved_at", drop column if exists "approved_by";`,
    );
  }
}
