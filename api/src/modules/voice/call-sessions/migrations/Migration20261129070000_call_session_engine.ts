import { Migration } from '@mikro-orm/migrations';

/**
 * The engine a call runs on (and the voice profile that chose it), written once, by the first stream of
 * the call: a phone call resumed on another instance keeps the engine its split drew, and the engines'
 * comparison can be read per profile.
 */
export class Migration20261129070000_call_session_engine extends Migration {
  override up(): void {
    this.addSql(`alter table "call_session"
      add column "engine" text null check ("engine" in ('realtime', 'live')),
      add column "profile_id" uuid null;`);
  }

  override down(): void {
    this.addSql('alter table "call_session" drop column "engine", drop column "profile_id";');
  }
}
