import { runScoped } from '../../db/scoped-sql.ts';
import type { Queryable } from '../../db/sql-text.ts';
import { firstTenantId, tenantExists } from '../tenants/index.ts';
import {
  DELETE_NUMBER_SQL,
  holderOfNumber,
  insertNumber,
  NUMBER_OF_TENANT_SQL,
} from './messaging-number.queries.ts';

/** The configured number of the first tenant (TWILIO_PHONE_NUMBER), already E.164. */
export type DefaultNumber = string | undefined;

/**
 * The tenant a webhook belongs to, from the number it was sent to: a number an operator assigned, else
 * TWILIO_PHONE_NUMBER for the first tenant. Never from anything else in the request.
 */
export async function tenantOfNumber(
  db: Queryable,
  to: string,
  defaultNumber: DefaultNumber,
): Promise<string | undefined> {
  const holder = await holderOfNumber(db, to);
  if (holder) return holder;
  if (!defaultNumber || to !== defaultNumber) return undefined;
  return firstTenantId(db);
}

/** The number a tenant's texts go out from, or undefined when it has none. */
export async function numberOfTenant(
  db: Queryable,
  tenantId: string,
  defaultNumber: DefaultNumber,
): Promise<string | undefined> {
  const rows = await runScoped<{ phone_e164: string }>(db, { tenantId }, NUMBER_OF_TENANT_SQL);
  if (rows[0]) return rows[0].phone_e164;
  if (!defaultNumber) return undefined;
  const first = await firstTenantId(db);
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
  if (!(await tenantExists(db, tenantId))) throw new Error(`No tenant ${tenantId}`);
  const current = await holderOfNumber(db, phoneE164);
  if (current && current !== tenantId) throw new Error(`${phoneE164} already belongs to tenant ${current}`);
  await runScoped(db, { tenantId }, DELETE_NUMBER_SQL);
  await insertNumber(db, tenantId, phoneE164);
}
