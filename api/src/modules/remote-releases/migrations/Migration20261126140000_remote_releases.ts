import { Migration } from '@mikro-orm/migrations';

/**
 * The remotes' releases: every published build (immutable; uploaded files live in `remote_release_file`),
 * each remote's state (active version, canary, the versions rollback returns to), the audit log of every
 * change and the load failures browsers report. Every change of `remote_state` (and every release added) is announced on the
 * process-wide channel `annie_remote_changed`, whoever made it (an API instance, the CLI, psql), when its
 * transaction commits: each instance reloads its in-memory registry on hearing it.
 */
export class Migration20261126140000_remote_releases extends Migration {
  override up(): void {
    this.addSql(`create table "remote_release" (
  "remote" text not null,
  "version" text not null,
  "published_by" text not null,
  "published_at" timestamptz not null default now(),
  "storage" text not null check ("storage" in ('database', 'url')),
  "entry" text not null,
  "shared" jsonb not null,
  "exposes" jsonb not null,
  primary key ("remote", "version")
);`);
    this.addSql(`create table "remote_release_file" (
  "remote" text not null,
  "version" text not null,
  "path" text not null,
  "content_type" text not null,
  "content" bytea not null,
  primary key ("remote", "version", "path"),
  foreign key ("remote", "version") references "remote_release" on delete cascade
);`);
    this.addSql(`create table "remote_state" (
  "remote" text primary key,
  "active_version" text,
  "activated_at" timestamptz,
  "canary_version" text,
  "canary_percent" int check ("canary_percent" between 1 and 99),
  "canary_at" timestamptz,
  "history" text[] not null default '{}',
  foreign key ("remote", "active_version") references "remote_release",
  foreign key ("remote", "canary_version") references "remote_release"
);`);
    this.addSql(`create table "remote_audit" (
  "id" bigserial primary key,
  "remote" text not null,
  "action" text not null,
  "version" text,
  "actor" text not null,
  "detail" text not null default '',
  "at" timestamptz not null default now()
);`);
    this.addSql(`create index "remote_audit_remote_at" on "remote_audit" ("remote", "at" desc);`);
    this.addSql(`create table "remote_load_error" (
  "id" bigserial primary key,
  "remote" text not null,
  "version" text not null,
  "user_id" text not null,
  "message" text not null default '',
  "at" timestamptz not null default now()
);`);
    this.addSql(
      `create index "remote_load_error_version_at" on "remote_load_error" ("remote", "version", "at");`,
    );
    this.addSql(`create function "annie_remote_changed"() returns trigger language plpgsql as $$
begin
  perform pg_notify('annie_remote_changed', json_build_object('remote', coalesce(new.remote, old.remote))::text);
  return null;
end $$;`);
    this.addSql(`create trigger "remote_state_changed" after insert or update or delete on "remote_state"
  for each row execute function "annie_remote_changed"();`);
    this.addSql(`create trigger "remote_release_changed" after insert or delete on "remote_release"
  for each row execute function "annie_remote_changed"();`);
  }

  override down(): void {
    this.addSql(`drop trigger if exists "remote_release_changed" on "remote_release";`);
    this.addSql(`drop trigger if exists "remote_state_changed" on "remote_state";`);
    this.addSql(`drop function if exists "annie_remote_changed"();`);
    this.addSql(
      `drop table if exists "remote_load_error", "remote_audit", "remote_state", "remote_release_file", "remote_release";`,
    );
  }
}
