import { runScoped, tenantSql } from '../../db/scoped-sql.ts';
import type { Queryable } from '../../db/sql-text.ts';

export { contactByNumber } from '../contacts/index.ts';
export { usernameOf } from '../users/index.ts';

// The user whose verified own number it is (one per tenant, by a unique index): the caller is not
// known to be them yet.
const NUMBER_OWNER_SQL = tenantSql(`
  select a.user_id, u.username, a.spoken_passcode from phone_own_number n
    join phone_access a on a.user_id = n.user_id and a.tenant_id = n.tenant_id
    join app_user u on u.id = a.user_id
  where n.tenant_id = $1 and n.e164 = $2 and n.verified_at is not null and a.passcode_hash is not null
    and u.deleted_at is null`);

/** The tenant's user who confirmed this number as their own, with a passcode set. */
export async function numberOwner(db: Queryable, tenantId: string, e164: string) {
  const rows = await runScoped<{ user_id: string; username: string; spoken_passcode: boolean }>(
    db,
    { tenantId },
    NUMBER_OWNER_SQL,
    [e164],
  );
  return rows[0];
}
