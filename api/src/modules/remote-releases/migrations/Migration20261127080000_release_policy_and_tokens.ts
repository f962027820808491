import { Migration } from '@mikro-orm/migrations';

/**
 * What makes a remote's release safe to hand to a feature team: which users the registry served each
 * version (automatic rollback counts only them), whether automatic rollback is armed for the active
 * version (only an activation arms it, so a rollback never cascades) and allowed for the remote at all,
 * a digest of every file and of each release (versions are immutable; URL builds are pinned), and the
 * deploy tokens a team's CI releases one remote with (only their SHA-256 is kept).
 */
export class Migration20261127080000_release_policy_and_tokens extends Migration {
  override up(): void {
    this.addSql(`create table "remote_assignment" (
  "remote" text not null,
  "version" text not null,
  "user_id" text not null,
  "served_at" timestamptz not null default now(),
  primary key ("remote", "version", "user_id")
);`);
    this.addSql(
      `alter table "remote_state" add column "auto_rollback" boolean not null default true, add column "active_armed" boolean not null default false;`,
    );
    this.addSql(`alter table "remote_load_error" add column "counted" boolean not null default false;`);
    this.addSql(`alter table "remote_release" add column "digest" text, add column "source_url" text;`);
    this.addSql(`alter table "remote_release_file" add column "sha256" text;`);
    this.addSql(`alter table "remote_release_file" alter column "content" drop not null;`);
    this.addSql(`create table "remote_deploy_token" (
  "id" uuid primary key,
  "remote" text not null,
  "name" text not null,
  "token_hash" text not null unique,
  "created_by" text not null,
  "created_at" timestamptz not null default now(),
  "expires_at" timestamptz,
  "revoked_at" timestamptz,
  "last_used_at" timestamptz
);`);
  }

  override down(): void {
    this.addSql(`drop table if exists "remote_deploy_token", "remote_assignment";`);
    this.addSql(`alter table "remote_release_file" drop column if exists "sha256";`);
    this.addSql(
      `alter table "remote_release" drop column if exists "digest", drop column if exists "source_url";`,
    );
    this.addSql(`alter table "remote_load_error" drop column if exists "counted";`);
    this.addSql(
      `alter table "remote_state" drop column if exists "auto_rollback", drop column if exists "active_armed";`,
    );
  }
}
