import type { ReleaseChanges } from '@annie/contracts/remote-releases';
import type { RemoteName } from '@annie/contracts/remotes';
import type { Pool } from '../../db/pool.ts';
import { inTransaction, type Queryable } from '../../db/transaction.ts';
import { conflict, forbidden, notFound } from '../../lib/http-errors.ts';
import {
  activeVersion,
  type FileFacts,
  markApproved,
  releaseFileFacts,
  releaseForApproval,
  tokenApproves,
  updateTokenApproves,
} from './release-approval.queries.ts';
import { audit, lockedState } from './release-state.queries.ts';

const sizeOf = (file: FileFacts | undefined) => (file?.size == null ? null : Number(file.size));

/**
 * What `version` changes against the version active now: files added, removed and changed (by digest,
 * with their sizes), each shared singleton whose version differs, and who published it.
 */
export async function releaseChanges(
  db: Queryable,
  remote: RemoteName,
  version: string,
): Promise<ReleaseChanges> {
  const release = await releaseForApproval(db, remote, version);
  if (!release) throw notFound(`${remote} ${version} is not published`);
  const against = await activeVersion(db, remote);
  const base = against && against !== version ? await releaseForApproval(db, remote, against) : undefined;
  const files = await releaseFileFacts(db, remote, version);
  const before = new Map(
    (base ? await releaseFileFacts(db, remote, against ?? '') : []).map((f) => [f.path, f]),
  );
  const changes: ReleaseChanges['files'] = { added: [], removed: [], changed: [], unchanged: 0 };
  for (const file of files) {
    const previous = before.get(file.path);
    before.delete(file.path);
    const entry = { path: file.path, size: sizeOf(file), previousSize: sizeOf(previous) };
    if (!previous) changes.added.push(entry);
    else if (previous.sha256 !== file.sha256) changes.changed.push(entry);
    else changes.unchanged += 1;
  }
  for (const previous of before.values())
    changes.removed.push({ path: previous.path, size: null, previousSize: sizeOf(previous) });
  const shared = new Map<string, { version: string | null; previous: string | null }>();
  for (const entry of base?.shared ?? []) shared.set(entry.name, { version: null, previous: entry.version });
  for (const entry of release.shared)
    shared.set(entry.name, { version: entry.version, previous: shared.get(entry.name)?.previous ?? null });
  return {
    remote,
    version,
    against: base ? against : null,
    publishedBy: release.published_by,
    publishedAt: release.published_at.toISOString(),
    approvedBy: release.approved_by,
    files: changes,
    shared: [...shared]
      .filter(([, entry]) => entry.version !== entry.previous)
      .map(([name, entry]) => ({ name, ...entry }))
      .sort((a, b) => (a.name < b.name ? -1 : 1)),
  };
}

const summary = (changes: ReleaseChanges) =>
  `against ${changes.against ?? 'the deployed build'}: ${changes.files.added.length} files added, ${changes.files.changed.length} changed, ${changes.files.removed.length} removed, ${changes.shared.length} shared singletons changed; published by ${changes.publishedBy}`;

/** Lets a version a deploy token published reach every tenant's users (audited with what it changes). */
export async function approveRelease(
  pool: Pool,
  input: { remote: RemoteName; version: string; actor: string; reason?: string },
): Promise<void> {
  await inTransaction(pool, (db) => approveIn(db, input));
}

async function approveIn(
  db: Queryable,
  input: { remote: RemoteName; version: string; actor: string; reason?: string },
): Promise<void> {
  await lockedState(db, input.remote);
  const changes = await releaseChanges(db, input.remote, input.version);
  if (changes.approvedBy)
    throw conflict(`${input.remote} ${input.version} is already approved (${changes.approvedBy})`);
  await markApproved(db, input.remote, input.version, input.actor);
  await audit(db, {
    remote: input.remote,
    action: 'approve',
    version: input.version,
    actor: input.actor,
    detail: `${input.reason ? `${input.reason}; ` : ''}${summary(changes)}`,
  });
}

/**
 * Before a deploy token's promote (or, `optional`, its activation): a version not approved yet is
 * approved by the token itself when the remote allows it (audited); otherwise a promote is refused (403)
 * naming the approval it waits for, and an activation goes ahead for the operator's tenant only.
 */
export async function requireApprovalForToken(
  pool: Pool,
  input: { remote: RemoteName; version: string; actor: string; optional?: boolean },
): Promise<void> {
  await inTransaction(pool, async (db) => {
    const release = await releaseForApproval(db, input.remote, input.version);
    if (!release) throw notFound(`${input.remote} ${input.version} is not published`);
    if (release.approved_at) return;
    if (!(await tokenApproves(db, input.remote))) {
      // An activation is allowed unapproved: it reaches the operator's tenant only (the internal ring).
      if (input.optional) return;
      throw forbidden(
        `${input.remote} ${input.version} reaches the operator's tenant only until an operator administrator approves it: the Remote releases screen, or remote:approve ${input.remote} ${input.version}`,
      );
    }
    await approveIn(db, {
      ...input,
      reason: "self-approved: this remote's tokens may approve their own versions",
    });
  });
}

/** Lets this remote's deploy tokens approve their own versions, or not (off by default). */
export async function setTokenApproves(
  pool: Pool,
  input: { remote: RemoteName; enabled: boolean; actor: string },
): Promise<void> {
  await inTransaction(pool, async (db) => {
    await lockedState(db, input.remote);
    await updateTokenApproves(db, input.remote, input.enabled);
    await audit(db, {
      remote: input.remote,
      action: input.enabled ? 'token-approves-on' : 'token-approves-off',
      version: null,
      actor: input.actor,
      detail: input.enabled
        ? "a deploy token's promote approves its version for every tenant by itself"
        : "a deploy token's versions reach other tenants only after an operator administrator's approval",
    });
  });
}
