import type { RemoteLoadErrorRequest } from '@annie/api-client/contracts/remote-releases';
import type { RemoteName } from '@annie/api-client/contracts/remotes';
import type { Pool } from '../../db/pool.ts';
import { rollbackRelease } from './release.service.ts';

// Plain SQL, not tenant-scoped: the release registry is the operator's, shared by every tenant.

export type RollbackPolicy = { failures: number; windowMinutes: number };

export const REGISTRY_ACTOR = 'registry';

/**
 * Records a failure to load a published version, and rolls that version back by itself when it is the
 * newly activated one (or the canary) and `failures` different users could not load it within
 * `windowMinutes` of its activation. A report for a version that is not published is not kept.
 * Returns the version rolled back, if any.
 */
export async function recordLoadError(
  pool: Pool,
  userId: string,
  report: Required<RemoteLoadErrorRequest>,
  policy: RollbackPolicy,
): Promise<{ recorded: boolean; rolledBack?: string }> {
  const { rows } = await pool.query<{ since: Date | null }>(
    `insert into remote_load_error (remote, version, user_id, message)
       select r.remote, r.version, $3, $4 from remote_release r where r.remote = $1 and r.version = $2
     returning (select case when s.canary_version = $2 then s.canary_at
                            when s.active_version = $2 then s.activated_at end
                  from remote_state s where s.remote = $1) as since`,
    [report.remote, report.version, userId, report.message.slice(0, 500)],
  );
  if (rows.length === 0) return { recorded: false };
  const since = rows[0]?.since;
  const windowStart = Date.now() - policy.windowMinutes * 60_000;
  if (!since || since.getTime() < windowStart) return { recorded: true };
  const { rows: counted } = await pool.query<{ users: string }>(
    `select count(distinct user_id) as users from remote_load_error
      where remote = $1 and version = $2 and at >= $3`,
    [report.remote, report.version, since],
  );
  const users = Number(counted[0]?.users ?? 0);
  if (users < policy.failures) return { recorded: true };
  const done = await rollbackRelease(pool, {
    remote: report.remote as RemoteName,
    actor: REGISTRY_ACTOR,
    auto: true,
    onlyVersion: report.version,
    reason: `${users} user${users === 1 ? '' : 's'} could not load it within ${policy.windowMinutes} minutes of its activation (last: ${report.message.slice(0, 120) || 'no message'})`,
  });
  return done ? { recorded: true, rolledBack: done.rolledBack } : { recorded: true };
}
