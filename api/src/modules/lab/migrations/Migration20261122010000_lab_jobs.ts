import { Migration } from '@mikro-orm/migrations';

/**
 * Lab jobs, plus a trigger that announces every new job and every status change on the
 * `lab_job_status` channel, so each API process can push it to its browsers (whichever process made it).
 */
export class Migration20261122010000_lab_jobs extends Migration {
  override up(): void {
    this.addSql(`create table "lab_job" (
      "id" uuid primary key,
      "tenant_id" text not null references "tenant" ("id") on delete cascade,
      "created_by" uuid null references "app_user" ("id") on delete set null,
      "type" text not null check ("type" in ('formulate', 'compliance_check', 'green_score', 'supplier_search')),
      "status" text not null default 'queued' check ("status" in ('queued', 'running', 'succeeded', 'failed')),
      "payload" jsonb not null,
      "result" jsonb null,
      "error" text null,
      "attempts" integer not null default 0,
      "created_at" timestamptz not null default clock_timestamp(),
      "started_at" timestamptz null,
      "finished_at" timestamptz null,
      "updated_at" timestamptz not null default clock_timestamp()
    );`);
    this.addSql(
      `create index "lab_job_tenant_id_created_at_index" on "lab_job" ("tenant_id", "created_at" desc);`,
    );
    this.addSql(`create index "lab_job_created_by_index" on "lab_job" ("created_by");`);
    this.addSql(
      `create index "lab_job_unfinished_index" on "lab_job" ("updated_at") where "status" in ('queued', 'running');`,
    );
    this.addSql(`create function "lab_job_notify_status"() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' or new.status is distinct from old.status then
        perform pg_notify('lab_job_status', json_build_object(
          'id', new.id, 'tenantId', new.tenant_id, 'status', new.status)::text);
      end if;
      return null;
    end;
    $$;`);
    this.addSql(`create trigger "lab_job_notify_status" after insert or update of "status" on "lab_job"
      for each row execute function "lab_job_notify_status"();`);
  }

  override down(): void {
    this.addSql('drop table if exists "lab_job";');
    this.addSql('drop function if exists "lab_job_notify_status"();');
  }
}
