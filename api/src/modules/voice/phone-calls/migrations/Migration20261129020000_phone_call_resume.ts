import { Migration } from '@mikro-orm/migrations';

/**
 * A call survives the loss of its media stream (a crashed or killed instance): the single-use resume
 * token Twilio brings back to the <Connect action> webhook, how often the call was resumed, when its
 * caller proved to be the owner (the trust a resumed stream starts from, read from here only), and
 * what each of its streams measured so far (one figures row for the whole call).
 */
export class Migration20261129020000_phone_call_resume extends Migration {
  override up(): void {
    this.addSql(`alter table "phone_call"
      add column "resume_token_hash" text null,
      add column "resumes" integer not null default 0,
      add column "owner_proven_at" timestamptz null,
      add column "stream_figures" jsonb not null default '{}'::jsonb;`);
  }

  override down(): void {
    this.addSql(`alter table "phone_call"
      drop column "resume_token_hash", drop column "resumes", drop column "owner_proven_at",
      drop column "stream_figures";`);
  }
}
