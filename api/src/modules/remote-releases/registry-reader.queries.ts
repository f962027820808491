import { plainSql, runPlain } from '../../db/scoped-sql.ts';
import type { Queryable } from '../../db/sql-text.ts';
import type { RegistryReader, ReleaseServed } from '../../http/remote-registry.ts';
import { pinnedOperatorTenant } from './operator-tenant.queries.ts';
import { REGISTRY } from './release-state.queries.ts';

const RELEASES_SQL = plainSql(
  REGISTRY,
  `select r.remote, r.version, r.entry, s.active_version = r.version as active,
          case when s.canary_version = r.version then s.canary_percent end as canary_percent,
          s.activated_at, s.canary_at, r.approved_at is not null as approved, s.history
     from remote_release r left join remote_state s on s.remote = r.remote`,
);

const RECORD_SERVED_SQL = plainSql(
  REGISTRY,
  `insert into remote_assignment (remote, version, user_id, served_tenant) values ($1, $2, $3, $5)
   on conflict (remote, version, user_id) do update set served_at = now(), served_tenant = excluded.served_tenant
     where remote_assignment.served_at < to_timestamp($4::float8 / 1000)`,
);

const RELEASE_FILE_SQL = plainSql(
  `${REGISTRY}: a release's files are served to every tenant`,
  'select content from remote_release_file where remote = $1 and version = $2 and path = $3',
);

/**
 * What core's remote registry (`GET /api/remotes`, release files) reads of this module's tables: every
 * published release with whether it is active, the canary or approved, the operator's tenant, the record
 * of who (of which tenant) was served what, and a release's stored file (its first paint, which the
 * signed-in page inlines).
 */
export function registryReader(db: Queryable): RegistryReader {
  return {
    releases: () => runPlain(db, RELEASES_SQL),
    recordServed: async (served: ReleaseServed) => {
      await runPlain(db, RECORD_SERVED_SQL, [
        served.remote,
        served.version,
        served.userId,
        served.since,
        served.tenantId ?? null,
      ]);
    },
    releaseFile: async (remote: string, version: string, path: string) => {
      const rows = await runPlain<{ content: Buffer | null }>(db, RELEASE_FILE_SQL, [remote, version, path]);
      return rows[0]?.content ?? undefined;
    },
    operatorTenant: async () => (await pinnedOperatorTenant(db))?.tenant_id,
  };
}
