import type { RemoteLoadErrorRequest } from '@annie/contracts/remote-releases';
import type { RemoteName } from '@annie/contracts/remotes';
import type { Pool } from '../../db/pool.ts';
import { inTransaction } from '../../db/transaction.ts';
import { boundedName, releaseLoadErrors } from '../../observability/index.ts';
import {
  failureTally,
  insertLoadError,
  lockedPolicyState,
  type PolicyState,
  servedAt as servedAtOf,
} from './load-error.queries.ts';
import { pinnedOperatorTenant } from './operator-tenant.queries.ts';
import { rollbackIn } from './release.service.ts';
import { type RollbackPolicy, rollbackVerdict } from './rollback-vote.ts';

export type { RollbackPolicy } from './rollback-vote.ts';

export const REGISTRY_ACTOR = 'registry';

/** Since when `version` is in effect and whether automatic rollback may act on it (undefined: not in effect). */
function inEffect(state: PolicyState, version: string): { since: Date; armed: boolean } | undefined {
  if (state.canary_version === version && state.canary_at) return { since: state.canary_at, armed: true };
  if (state.active_version === version && state.activated_at)
    return { since: state.activated_at, armed: state.active_armed };
  return undefined;
}

/**
 * Records that a user could not load a version the registry served them, and rolls that version back by
 * itself when it is the canary or the newly activated version (armed: only an activation arms it, never a
 * rollback, so one rollback never leads to another), automatic rollback is on for the remote, and within
 * `windowMinutes` of its activation the failures of the users served it since then, counted by tenant,
 * call for it (rollback-vote.ts). A report of a version never served to that user is not
 * kept. The remote's state is locked while deciding, so instances reporting at once agree.
 */
export async function recordLoadError(
  pool: Pool,
  userId: string,
  report: Required<RemoteLoadErrorRequest>,
  policy: RollbackPolicy,
): Promise<{ recorded: boolean; rolledBack?: string }> {
  releaseLoadErrors.inc({ remote: boundedName(report.remote) });
  return inTransaction(pool, async (db) => {
    const state = await lockedPolicyState(db, report.remote);
    const effect = state ? inEffect(state, report.version) : undefined;
    const servedAt = await servedAtOf(db, report.remote, report.version, userId);
    if (!servedAt) return { recorded: false };
    const windowStart = Date.now() - policy.windowMinutes * 60_000;
    const counted = Boolean(effect && servedAt >= effect.since && effect.since.getTime() >= windowStart);
    await insertLoadError(db, {
      remote: report.remote,
      version: report.version,
      userId,
      message: report.message.slice(0, 500),
      counted,
    });
    if (!state || !effect || !counted || !effect.armed || !state.auto_rollback) return { recorded: true };

    const tallies = await failureTally(db, report.remote, report.version, effect.since);
    const verdict = rollbackVerdict(tallies, (await pinnedOperatorTenant(db))?.tenant_id, policy);
    if (!verdict.rollBack) return { recorded: true };
    const done = await rollbackIn(db, {
      remote: report.remote as RemoteName,
      actor: REGISTRY_ACTOR,
      auto: true,
      onlyVersion: report.version,
      reason: `${verdict.reason} (last: ${report.message.slice(0, 120) || 'no message'})`,
    });
    return done ? { recorded: true, rolledBack: done.rolledBack } : { recorded: true };
  });
}
