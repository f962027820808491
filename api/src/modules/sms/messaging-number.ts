import type { Queryable } from '../../db/sql-text.ts';

/** The configured number of the first tenant (TWILIO_PHONE_NUMBER), already E.164. */
export type DefaultNumber = string | undefined;

const FIRST_TENANT_SQL = 'select id from tenant order by created_at, id limit 1';

/**
 * The tenant a webhook belongs to, from the number it was sent to: a number an operator assigned, else
 * TWILIO_PHONE_NUMBER for the first tenant. Never from anything else in the request.
 */
export async function tenantOfNumber(
  db: Queryable,
  to: string,
  defaultNumber: DefaultNumber,
): Promise<string | undefined> {
  const { rows } = await db.query<{ tenant_id: string }>(
    'select tenant_id from messaging_number where phone_e164 = $1',
    [to],
  );
  if (rows[0]) return rows[0].tenant_id;
  if (!defaultNumber || to !== defaultNumber) return undefined;
  return (await db.query<{ id: string }>(FIRST_TENANT_SQL)).rows[0]?.id;
}

/** The number a tenant's texts go out from, or undefined when it has none. */
export async function numberOfTenant(
  db: Queryable,
  tenantId: string,
  defaultNumber: DefaultNumber,
): Promise<string | undefined> {
  const { rows } = await db.query<{ phone_e164: string }>(
    'select phone_e164 from messaging_number where tenant_id = $1',
    [tenantId],
  );
  if (rows[0]) return rows[0].phone_e164;
  if (!defaultNumber) return undefined;
  const first = (await db.query<{ id: string }>(FIRST_TENANT_SQL)).rows[0]?.id;
  return first === tenantId ? defaultNumber : undefined;
}

/**
 * Gives an existing tenant this messaging number (operator command), replacing its previous one. A
 * number another tenant holds is refused: moving it would hand that tenant's texts to this one.
 */
export async function assignMessagingNumber(
  db: Queryable,
  tenantId: string,
  phoneE164: string,
): Promise<void> {
  const tenant = await db.query('select 1 from tenant where id = $1', [tenantId]);
  if (tenant.rowCount === 0) throw new Error(`No tenant ${tenantId}`);
  const holder = await db.query<{ tenant_id: string }>(
    'select tenant_id from messaging_number where phone_e164 = $1',
    [phoneE164],
  );
  const current = holder.rows[0]?.tenant_id;
  if (current && current !== tenantId) throw new Error(`${phoneE164} already belongs to tenant ${current}`);
  await db.query('delete from messaging_number where tenant_id = $1', [tenantId]);
  await db.query('insert into messaging_number (phone_e164, tenant_id) values ($1, $2)', [
    phoneE164,
    tenantId,
  ]);
}
