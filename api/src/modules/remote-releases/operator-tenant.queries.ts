import { plainSql, runPlain } from '../../db/scoped-sql.ts';
import type { Queryable } from '../../db/sql-text.ts';
import { REGISTRY } from './release-state.queries.ts';

const READ_SQL = plainSql(
  REGISTRY,
  'select operator_tenant as tenant_id, pinned_by, pinned_at from remote_operator_tenant',
);

const PIN_SQL = plainSql(
  REGISTRY,
  `insert into remote_operator_tenant (operator_tenant, pinned_by) values ($1, $2) on conflict do nothing`,
);

const REPIN_SQL = plainSql(
  REGISTRY,
  `insert into remote_operator_tenant (operator_tenant, pinned_by) values ($1, $2)
   on conflict (singleton) do update set operator_tenant = excluded.operator_tenant, pinned_by = excluded.pinned_by,
     pinned_at = now()`,
);

export type PinnedTenant = { tenant_id: string; pinned_by: string; pinned_at: Date };

/** The operator's tenant as pinned (undefined: not pinned yet). */
export async function pinnedOperatorTenant(db: Queryable): Promise<PinnedTenant | undefined> {
  return (await runPlain<PinnedTenant>(db, READ_SQL))[0];
}

/** Pins `tenant` unless one is pinned already (the first pin wins, on any instance). */
export async function pinOnce(db: Queryable, tenant: string, by: string): Promise<void> {
  await runPlain(db, PIN_SQL, [tenant, by]);
}

/** Replaces the pinned tenant (the operator's command only). */
export async function repin(db: Queryable, tenant: string, by: string): Promise<void> {
  await runPlain(db, REPIN_SQL, [tenant, by]);
}
