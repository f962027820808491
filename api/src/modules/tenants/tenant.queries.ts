import { plainSql, runPlain } from '../../db/scoped-sql.ts';
import type { Queryable } from '../../db/sql-text.ts';

const REGISTRY = 'the tenant registry itself: which tenants exist is not a question inside one tenant';

const TENANT_IDS_SQL = plainSql(REGISTRY, 'select id from tenant order by created_at, id');
const TENANT_EXISTS_SQL = plainSql(REGISTRY, 'select 1 from tenant where id = $1');
const TENANT_COUNT_SQL = plainSql(REGISTRY, 'select count(*) as tenants from tenant');

/** Every tenant's id, oldest first. */
export async function tenantIds(db: Queryable): Promise<string[]> {
  return (await runPlain<{ id: string }>(db, TENANT_IDS_SQL)).map((row) => row.id);
}

/** The first tenant of the registry (the one TWILIO_PHONE_NUMBER and the first admin belong to). */
export async function firstTenantId(db: Queryable): Promise<string | undefined> {
  return (await tenantIds(db))[0];
}

export async function tenantExists(db: Queryable, tenantId: string): Promise<boolean> {
  return (await runPlain(db, TENANT_EXISTS_SQL, [tenantId])).length > 0;
}

export async function tenantCount(db: Queryable): Promise<number> {
  return Number((await runPlain<{ tenants: string }>(db, TENANT_COUNT_SQL))[0]?.tenants ?? 0);
}
