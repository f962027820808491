import { Migration } from '@mikro-orm/migrations';

/**
 * Phone access, round two.
 * - Own numbers get a table of their own: a number counts only once the code texted to it was entered
 *   (`verified_at`), and a verified number belongs to one user per tenant (partial unique index). The
 *   numbers registered before were never verified: they are kept, waiting for a code.
 * - A spoken passcode is off unless the user turns it on; texted codes are counted per user and day.
 * - Each lockout is kept (when, from which number) so the owner sees it and can clear it.
 * - Phone access goes with the account: a password change, deletion or demotion clears the passcode,
 *   whoever makes it (API, CLI, psql), and every change of a user's phone access is announced on the
 *   process-wide channel `annie_phone_access_changed`, so a call proven on any instance ends at once.
 */
export class Migration20261127080000_phone_access_revocable extends Migration {
  override up(): void {
    this.addSql(`create table "phone_own_number" (
      "user_id" uuid not null references "app_user" ("id") on delete cascade,
      "tenant_id" text not null references "tenant" ("id") on delete cascade,
      "e164" text not null,
      "verified_at" timestamptz null,
      "code_hash" text null,
      "code_sent_at" timestamptz null,
      "code_attempts" int not null default 0,
      "created_at" timestamptz not null default now(),
      primary key ("user_id", "e164")
    );`);
    this.addSql(`create unique index "phone_own_number_one_user" on "phone_own_number" ("tenant_id", "e164")
      where "verified_at" is not null;`);
    this.addSql(`insert into "phone_own_number" ("user_id", "tenant_id", "e164")
      select "user_id", "tenant_id", unnest("numbers") from "phone_access" on conflict do nothing;`);
    this.addSql('drop index if exists "phone_access_numbers_index";');
    this.addSql('alter table "phone_access" drop column "numbers";');
    this.addSql(`alter table "phone_access" add column "spoken_passcode" boolean not null default false;`);
    // Texts of confirmation codes a user had sent in the current day: each costs money and lands on
    // someone's phone, so they are capped per user.
    this.addSql(`alter table "phone_access" add column "code_texts" int not null default 0,
      add column "code_texts_since" timestamptz null;`);
    this.addSql(`create table "phone_lockout" (
      "id" uuid primary key default gen_random_uuid(),
      "user_id" uuid not null references "app_user" ("id") on delete cascade,
      "tenant_id" text not null references "tenant" ("id") on delete cascade,
      "caller_e164" text not null,
      "locked_at" timestamptz not null default now(),
      "cleared_at" timestamptz null
    );`);
    this.addSql(
      `create index "phone_lockout_user_index" on "phone_lockout" ("tenant_id", "user_id", "locked_at" desc);`,
    );

    this.addSql(`create function "annie_phone_access_revoked"() returns trigger language plpgsql as $$
begin
  update phone_access set passcode_hash = null, spoken_passcode = false, failed_attempts = 0,
    window_started_at = null, updated_at = now()
  where user_id = new.id and passcode_hash is not null;
  -- A deleted account's numbers are free for another user at once (the account stays 90 days).
  if new.deleted_at is not null then
    delete from phone_own_number where user_id = new.id;
  end if;
  return null;
end $$;`);
    this.addSql(`create trigger "app_user_phone_access_revoked" after update on "app_user" for each row
  when (old.password_hash is distinct from new.password_hash
    or (old.deleted_at is null and new.deleted_at is not null)
    or (old.is_admin and not new.is_admin))
  execute function "annie_phone_access_revoked"();`);
    this.addSql(`create function "annie_phone_access_changed"() returns trigger language plpgsql as $$
begin
  perform pg_notify('annie_phone_access_changed', json_build_object('userId', coalesce(new.user_id, old.user_id))::text);
  return null;
end $$;`);
    this.addSql(`create trigger "phone_access_changed" after update or delete on "phone_access"
  for each row execute function "annie_phone_access_changed"();`);
    this.addSql(`create trigger "phone_own_number_changed" after update or delete on "phone_own_number"
  for each row execute function "annie_phone_access_changed"();`);
  }

  override down(): void {
    this.addSql('drop trigger if exists "phone_own_number_changed" on "phone_own_number";');
    this.addSql('drop trigger if exists "phone_access_changed" on "phone_access";');
    this.addSql('drop function if exists "annie_phone_access_changed"();');
    this.addSql('drop trigger if exists "app_user_phone_access_revoked" on "app_user";');
    this.addSql('drop function if exists "annie_phone_access_revoked"();');
    this.addSql('drop table if exists "phone_lockout";');
    this.addSql('alter table "phone_access" drop column if exists "spoken_passcode";');
    this.addSql(
      'alter table "phone_access" drop column if exists "code_texts", drop column if exists "code_texts_since";',
    );
    this.addSql(`alter table "phone_access" add column "numbers" text[] not null default '{}';`);
    this.addSql(`update "phone_access" a set "numbers" = coalesce((select array_agg(n."e164") from
      "phone_own_number" n where n."user_id" = a."user_id" and n."verified_at" is not null), '{}');`);
    this.addSql('drop table if exists "phone_own_number";');
  }
}
