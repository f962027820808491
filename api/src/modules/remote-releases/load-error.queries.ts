import { plainSql, runPlain } from '../../db/scoped-sql.ts';
import type { Queryable } from '../../db/sql-text.ts';
import { REGISTRY } from './release-state.queries.ts';

export type PolicyState = {
  active_version: string | null;
  activated_at: Date | null;
  active_armed: boolean;
  canary_version: string | null;
  canary_at: Date | null;
  auto_rollback: boolean;
};

const POLICY_STATE_SQL = plainSql(
  REGISTRY,
  `select active_version, activated_at, active_armed, canary_version, canary_at, auto_rollback
     from remote_state where remote = $1 for update`,
);

const SERVED_AT_SQL = plainSql(
  REGISTRY,
  'select served_at from remote_assignment where remote = $1 and version = $2 and user_id = $3',
);

const INSERT_SQL = plainSql(
  REGISTRY,
  'insert into remote_load_error (remote, version, user_id, message, counted) values ($1, $2, $3, $4, $5)',
);

const TALLY_SQL = plainSql(
  REGISTRY,
  `select coalesce(a.served_tenant, '') as tenant_id, count(*) as served, count(e.user_id) as failed
     from remote_assignment a
     left join (select distinct user_id from remote_load_error
                 where remote = $1 and version = $2 and counted and at >= $3) e on e.user_id = a.user_id
    where a.remote = $1 and a.version = $2 and a.served_at >= $3
    group by 1`,
);

/** The remote's state as the rollback policy reads it, locked for the rest of the transaction. */
export async function lockedPolicyState(db: Queryable, remote: string): Promise<PolicyState | undefined> {
  return (await runPlain<PolicyState>(db, POLICY_STATE_SQL, [remote]))[0];
}

/** When `version` of `remote` was last served to the user (undefined: never). */
export async function servedAt(
  db: Queryable,
  remote: string,
  version: string,
  userId: string,
): Promise<Date | undefined> {
  return (await runPlain<{ served_at: Date }>(db, SERVED_AT_SQL, [remote, version, userId]))[0]?.served_at;
}

export async function insertLoadError(
  db: Queryable,
  error: { remote: string; version: string; userId: string; message: string; counted: boolean },
): Promise<void> {
  await runPlain(db, INSERT_SQL, [error.remote, error.version, error.userId, error.message, error.counted]);
}

/** Per tenant ('' for users served before tenants were recorded): users served `version` since `since`, and those of them who could not load it. */
export type TenantTally = { tenantId: string; served: number; failed: number };

export async function failureTally(
  db: Queryable,
  remote: string,
  version: string,
  since: Date,
): Promise<TenantTally[]> {
  const rows = await runPlain<{ tenant_id: string; failed: string; served: string }>(db, TALLY_SQL, [
    remote,
    version,
    since,
  ]);
  return rows.map((row) => ({
    tenantId: row.tenant_id,
    served: Number(row.served),
    failed: Number(row.failed),
  }));
}
