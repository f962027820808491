import { tenantSql } from '../../db/scoped-sql.ts';
import type { Queryable } from '../../db/sql-text.ts';

export const NUMBER_OF_TENANT_SQL = tenantSql('select phone_e164 from messaging_number where tenant_id = $1');

export const DELETE_NUMBER_SQL = tenantSql('delete from messaging_number where tenant_id = $1');

/**
 * The tenant holding this number. Not tenant-scoped: a webhook has no tenant yet and finds it from the
 * number it was sent to, and the operator's command checks who holds a number among all tenants.
 */
export async function holderOfNumber(db: Queryable, phoneE164: string): Promise<string | undefined> {
  const { rows } = await db.query<{ tenant_id: string }>(
    'select tenant_id from messaging_number where phone_e164 = $1',
    [phoneE164],
  );
  return rows[0]?.tenant_id;
}

/**
 * Gives the tenant this number. Not tenant-scoped: an operator's write that names the tenant (just
 * checked to exist) rather than filtering by it.
 */
export async function insertNumber(db: Queryable, tenantId: string, phoneE164: string): Promise<void> {
  await db.query('insert into messaging_number (phone_e164, tenant_id) values ($1, $2)', [
    phoneE164,
    tenantId,
  ]);
}

/** Every assigned number by tenant. Not tenant-scoped: the doctor checks every tenant's number. */
export async function assignedNumbers(db: Queryable): Promise<Map<string, string>> {
  const { rows } = await db.query<{ tenant_id: string; phone_e164: string }>(
    'select tenant_id, phone_e164 from messaging_number',
  );
  return new Map(rows.map((row) => [row.tenant_id, row.phone_e164]));
}
