import { runScoped, tenantSql } from '../../../db/scoped-sql.ts';
import type { Queryable } from '../../../db/sql-text.ts';

const OPTED_OUT_SQL = tenantSql('select opted_out from sms_thread where tenant_id = $1 and phone_e164 = $2');

const OWNER_SQL = tenantSql(`
  select id from app_user where tenant_id = $1 and deleted_at is null
  order by is_admin desc, created_at, id limit 1`);

/** True when the number opted out of the tenant's messages (STOP, or Twilio's 21610). */
export async function numberOptedOut(db: Queryable, tenantId: string, phoneE164: string): Promise<boolean> {
  const rows = await runScoped<{ opted_out: boolean }>(db, { tenantId }, OPTED_OUT_SQL, [phoneE164]);
  return rows[0]?.opted_out === true;
}

/**
 * Whom an inbound call is answered for: the tenant's owner, its first administrator (the first user
 * when it has none). Deleted accounts are passed over.
 */
export async function tenantOwner(db: Queryable, tenantId: string): Promise<string | undefined> {
  const rows = await runScoped<{ id: string }>(db, { tenantId }, OWNER_SQL);
  return rows[0]?.id;
}
