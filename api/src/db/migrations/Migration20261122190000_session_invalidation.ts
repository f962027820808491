import { Migration } from '@mikro-orm/migrations';

/**
 * Every API process caches sessions and session users; these triggers announce each change on the
 * process-wide channel `annie_session_changed` (session-store.ts), whoever made it (an API instance, the
 * CLI, psql). NOTIFY is sent when the changing transaction commits. Rows already expired are not
 * announced: no cache serves them past their expiry, and the purge would otherwise flood the channel.
 */
export class Migration20261122190000_session_invalidation extends Migration {
  override up(): void {
    this.addSql(`create function "annie_session_changed"() returns trigger language plpgsql as $$
begin
  perform pg_notify('annie_session_changed', json_build_object('sessionId', old.id)::text);
  return null;
end $$;`);
    this.addSql(`create trigger "http_session_changed" after update or delete on "http_session"
  for each row when (old.expires_at > now()) execute function "annie_session_changed"();`);
    this.addSql(`create function "annie_session_user_changed"() returns trigger language plpgsql as $$
begin
  perform pg_notify('annie_session_changed', json_build_object('userId', old.id)::text);
  return null;
end $$;`);
    this.addSql(`create trigger "app_user_changed" after update or delete on "app_user"
  for each row execute function "annie_session_user_changed"();`);
  }

  override down(): void {
    this.addSql(`drop trigger if exists "app_user_changed" on "app_user";`);
    this.addSql(`drop function if exists "annie_session_user_changed"();`);
    this.addSql(`drop trigger if exists "http_session_changed" on "http_session";`);
    this.addSql(`drop function if exists "annie_session_changed"();`);
  }
}
