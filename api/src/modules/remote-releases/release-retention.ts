import type { RemoteName } from '@annie/contracts/remotes';
import type { AppConfig } from '../../config/env.ts';
import type { Pool } from '../../db/pool.ts';
import { inTransaction, type Queryable } from '../../db/transaction.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import {
  audit,
  deleteReleaseRows,
  dropFromHistory,
  lockedVersions,
  releaseDigest,
  releasesAfterNewest,
} from './release-state.queries.ts';

type Protected = { active: string | null; canary: string | null; previous: string | null; history: string[] };

async function protectedVersions(db: Queryable, remote: string): Promise<Protected> {
  const row = await lockedVersions(db, remote);
  return {
    active: row?.active_version ?? null,
    canary: row?.canary_version ?? null,
    previous: row?.history.at(-1) || null,
    history: row?.history ?? [],
  };
}

/** Why `version` may not be deleted (what it is now), or undefined. */
function inUse(state: Protected, version: string): string | undefined {
  if (version === state.active) return 'it is active';
  if (version === state.canary) return 'it is the canary';
  if (version === state.previous) return 'rollback returns to it';
  return undefined;
}

async function remove(
  db: Queryable,
  remote: string,
  version: string,
  state: Protected,
  actor: string,
  why: string,
) {
  // An older rollback target that goes is taken out of the chain: rollback then skips it.
  if (state.history.includes(version)) await dropFromHistory(db, remote, version);
  await deleteReleaseRows(db, remote, version);
  await audit(db, { remote, action: 'delete', version, actor, detail: why });
}

/** Deletes a release (its files too) that is not active, the canary, nor what rollback returns to. */
export async function deleteRelease(
  pool: Pool,
  input: { remote: RemoteName; version: string; actor: string },
): Promise<void> {
  await inTransaction(pool, async (db) => {
    const state = await protectedVersions(db, input.remote);
    const problem = inUse(state, input.version);
    if (problem) throw conflict(`${input.remote} ${input.version} cannot be deleted: ${problem}`);
    if ((await releaseDigest(db, input.remote, input.version)) === undefined)
      throw notFound(`${input.remote} ${input.version} is not published`);
    await remove(db, input.remote, input.version, state, input.actor, 'deleted by the operator');
  });
}

/**
 * Retention: keeps the newest `keep` releases of `remote` (and, whatever their age, the active one, the
 * canary and what rollback returns to) and deletes the others. Returns the versions deleted.
 */
export async function pruneReleases(
  pool: Pool,
  input: { remote: RemoteName; keep: number; actor: string },
): Promise<string[]> {
  return inTransaction(pool, async (db) => {
    const state = await protectedVersions(db, input.remote);
    const older = await releasesAfterNewest(db, input.remote, input.keep);
    const doomed = older.filter((version) => !inUse(state, version));
    for (const version of doomed)
      await remove(
        db,
        input.remote,
        version,
        state,
        input.actor,
        `retention: the newest ${input.keep} are kept`,
      );
    return doomed;
  });
}

export const RETENTION_ACTOR = 'retention';

/** Retention after a publish: all but the newest RELEASE_KEEP releases go (never one in use; 0: none). */
export async function applyRetention(pool: Pool, config: AppConfig, remote: RemoteName): Promise<string[]> {
  if (config.RELEASE_KEEP === 0) return [];
  const deleted = await pruneReleases(pool, { remote, keep: config.RELEASE_KEEP, actor: RETENTION_ACTOR });
  return deleted.length
    ? [`Retention (RELEASE_KEEP=${config.RELEASE_KEEP}) deleted ${remote} ${deleted.join(', ')}`]
    : [];
}
