import { Migration } from '@mikro-orm/migrations';

/**
 * Every new call session, and every change to its transcript, its end or its owner, is a live event
 * (`call_event`) for the session's user: the live call panel and Call History follow a call without
 * polling, whichever path wrote it (the media stream, a status callback, the stale-call sweep). Ids
 * only: the browser reads the session again.
 */
export class Migration20261129020000_call_session_events extends Migration {
  override up(): void {
    this.addSql(`create function "call_session_notify"() returns trigger language plpgsql as $$
    begin
      perform pg_notify('call_event', json_build_object(
        'tenantId', new.tenant_id, 'userId', new.user_id, 'id', new.id)::text);
      return null;
    end;
    $$;`);
    this.addSql(`create trigger "call_session_notify"
      after insert or update of "transcript", "ended_at", "user_id" on "call_session"
      for each row execute function "call_session_notify"();`);
  }

  override down(): void {
    this.addSql('drop trigger if exists "call_session_notify" on "call_session";');
    this.addSql('drop function if exists "call_session_notify"();');
  }
}
