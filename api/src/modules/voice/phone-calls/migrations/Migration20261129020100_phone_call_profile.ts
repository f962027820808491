import { Migration } from '@mikro-orm/migrations';

/**
 * The voice profile an outbound call was placed with (null: the tenant's default). No foreign key: a
 * profile deleted before the call connects leaves the call on the default profile.
 */
export class Migration20261129020100_phone_call_profile extends Migration {
  override up(): void {
    this.addSql(`alter table "phone_call" add column "profile_id" uuid null;`);
  }

  override down(): void {
    this.addSql(`alter table "phone_call" drop column if exists "profile_id";`);
  }
}
