import { createHash } from 'node:crypto';
import { FIRST_PAINT_FILE } from '@annie/contracts/first-paint';
import type { RemoteName } from '@annie/contracts/remotes';
import type { Pool } from '../../db/pool.ts';
import { inTransaction, type Queryable } from '../../db/transaction.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-errors.ts';
import { checkFirstPaint } from '../static/index.ts';
import { checkCompatibility, type ManifestFacts } from './compatibility-gate.ts';
import { compressedSiblingProblems } from './compressed-siblings.ts';
import { contentTypeOf, fileProblem, isSourceMap } from './release-file-types.ts';
import {
  audit,
  claimVersion,
  endCanary,
  insertRelease,
  insertReleaseFile,
  lockedState,
  makeActive,
  releaseDigest,
  rollBackTo,
  startCanary,
  updateAutoRollback,
} from './release-state.queries.ts';

/** The host facts a build is checked against at publish. */
export type PublishHost = {
  /** The version of each shared singleton the shell serves. */
  shared: Record<string, string>;
  /** The names the shell's shared module of each surfaced package provides (unknown: not checked). */
  surfaces?: Record<string, string[]>;
};

export type UploadedFile = { path: string; content: Buffer };

export type PublishInput = {
  remote: RemoteName;
  version: string;
  publishedBy: string;
  /** A deploy token's build reaches the operator's tenant only until an administrator approves it. */
  byToken?: boolean;
} & (
  | { storage: 'database'; files: UploadedFile[] }
  | {
      storage: 'url';
      url: string;
      manifest: unknown;
      declaration: unknown;
      /** The files fetched at publish, whose digests are recorded so only this content is ever served. */
      pinned?: UploadedFile[];
    }
);

export const MANIFEST_FILE = 'mf-manifest.json';
export const DECLARATION_FILE = 'annie-remote.json';

/** Where a database-stored release's manifest is served (immutable: a version is never replaced). */
export function releaseEntry(remote: string, version: string): string {
  return `/remotes/${remote}/${version}/${MANIFEST_FILE}`;
}

/** A refused build: 422 naming each thing that does not fit. */
export function refused(problems: string[]): HttpError {
  return new HttpError(422, 'incompatible_build', `Refused: ${problems.join('; ')}`);
}

function parseJsonFile(files: UploadedFile[], path: string): unknown {
  const file = files.find((candidate) => candidate.path === path);
  if (!file) return undefined;
  try {
    return JSON.parse(file.content.toString('utf8'));
  } catch {
    return undefined;
  }
}

function checkedFacts(input: PublishInput, host: PublishHost): { facts: ManifestFacts; entry: string } {
  if (input.storage === 'database') {
    for (const file of input.files) {
      const problem = fileProblem(file.path);
      if (problem) throw badRequest(problem);
    }
    const siblings = compressedSiblingProblems(input.files);
    if (siblings.length > 0) throw badRequest(`Cannot publish: ${siblings.join('; ')}`);
    const manifest = parseJsonFile(input.files, MANIFEST_FILE);
    if (manifest === undefined) throw refused([`the build has no readable ${MANIFEST_FILE}`]);
    const gate = checkCompatibility(
      input.remote,
      manifest,
      parseJsonFile(input.files, DECLARATION_FILE),
      host.shared,
      host.surfaces,
    );
    if (!gate.ok) throw refused(gate.problems);
    firstPaintChecked(input.remote, input.files);
    return { facts: gate.facts, entry: releaseEntry(input.remote, input.version) };
  }
  for (const file of input.pinned ?? []) {
    const problem = fileProblem(file.path);
    if (problem) throw refused([problem]);
  }
  const gate = checkCompatibility(
    input.remote,
    input.manifest,
    input.declaration,
    host.shared,
    host.surfaces,
  );
  if (!gate.ok) throw refused(gate.problems);
  // Served through the API, each file checked against the digest recorded now (release-files.ts).
  return { facts: gate.facts, entry: releaseEntry(input.remote, input.version) };
}

/**
 * A build's first paint (optional), checked as strictly as the page will read it: HTML the API puts into
 * every user's page, and the scripts it admits there by hash.
 */
function firstPaintChecked(remote: RemoteName, files: UploadedFile[]): void {
  if (!files.some((file) => file.path === FIRST_PAINT_FILE)) return;
  const json = parseJsonFile(files, FIRST_PAINT_FILE);
  if (json === undefined) throw refused([`${FIRST_PAINT_FILE} is not JSON`]);
  const check = checkFirstPaint(remote, json);
  if (!check.ok) throw refused(check.problems.map((problem) => `${FIRST_PAINT_FILE}: ${problem}`));
}

const sha256 = (content: Buffer | string) => createHash('sha256').update(content).digest('hex');

/** Each file's SHA-256, and the release's: of every path with its file's digest, in path order. */
export function digestsOf(files: { path: string; content: Buffer }[]): {
  files: Map<string, string>;
  release: string;
} {
  const digests = new Map(files.map((file) => [file.path, sha256(file.content)]));
  const lines = [...digests].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { files: digests, release: sha256(lines.map(([path, digest]) => `${path}\t${digest}\n`).join('')) };
}

/**
 * Publishes a build after the compatibility gate: its facts, the digest of every file (and, stored in
 * the database, the files) are recorded in one transaction under a version that can never be replaced:
 * the same content again changes nothing (`created: false`), other content is a 409.
 * Publishing does not activate.
 */
export async function publishRelease(
  pool: Pool,
  input: PublishInput,
  host: PublishHost,
): Promise<{ created: boolean }> {
  const { facts, entry } = checkedFacts(input, host);
  const pinned = (input.storage === 'database' ? input.files : (input.pinned ?? [])).filter(
    (file) => !isSourceMap(file.path),
  );
  const digests = digestsOf(pinned);
  return inTransaction(pool, async (db) => {
    const inserted = await insertRelease(db, {
      remote: input.remote,
      version: input.version,
      publishedBy: input.publishedBy,
      storage: input.storage,
      entry,
      shared: facts.shared,
      exposes: facts.exposes,
      digest: digests.release,
      sourceUrl: input.storage === 'url' ? input.url : null,
      approvedBy: input.byToken ? null : input.publishedBy,
    });
    if (!inserted) {
      if ((await releaseDigest(db, input.remote, input.version)) === digests.release)
        return { created: false };
      throw conflict(
        `${input.remote} ${input.version} is already published with other content; a version is never replaced: publish a new version`,
      );
    }
    // Deleted releases keep their number: a version names one content for good (caches, reports, audit).
    if (!(await claimVersion(db, input.remote, input.version, digests.release)))
      throw conflict(
        `${input.remote} ${input.version} was published before (and since deleted); a version number is never reused: publish a new version`,
      );
    for (const file of pinned) {
      await insertReleaseFile(db, {
        remote: input.remote,
        version: input.version,
        path: file.path,
        contentType: contentTypeOf(file.path),
        content: input.storage === 'database' ? file.content : null,
        sha256: digests.files.get(file.path),
        size: file.content.length,
      });
    }
    const detail =
      input.storage === 'database'
        ? `${pinned.length} files stored in the database, digest ${digests.release.slice(0, 12)}`
        : `hosted at ${input.url}, ${pinned.length} files pinned by digest`;
    await audit(db, {
      remote: input.remote,
      action: 'publish',
      version: input.version,
      actor: input.publishedBy,
      detail,
    });
    return { created: true };
  });
}

/** Turns automatic rollback on or off for one remote (on by default). */
export async function setAutoRollback(
  pool: Pool,
  input: { remote: RemoteName; enabled: boolean; actor: string },
): Promise<void> {
  await inTransaction(pool, async (db) => {
    await lockedState(db, input.remote);
    await updateAutoRollback(db, input.remote, input.enabled);
    await audit(db, {
      remote: input.remote,
      action: input.enabled ? 'auto-rollback-on' : 'auto-rollback-off',
      version: null,
      actor: input.actor,
      detail: input.enabled
        ? 'load failures roll a new version back by themselves'
        : 'load failures are reported only; an operator rolls back',
    });
  });
}

/**
 * Makes `version` the active one for everyone (`percent` absent or 100: the one before it is kept for
 * rollback, and any canary ends), or a canary for `percent` % of users (1–99).
 */
export async function activateRelease(
  pool: Pool,
  input: { remote: RemoteName; version: string; percent?: number; actor: string },
): Promise<void> {
  await inTransaction(pool, async (db) => {
    if ((await releaseDigest(db, input.remote, input.version)) === undefined)
      throw notFound(`${input.remote} ${input.version} is not published`);
    const state = await lockedState(db, input.remote);
    const percent = input.percent ?? 100;
    if (percent < 100) {
      if (state.active_version === input.version)
        throw conflict(`${input.remote} ${input.version} is already active for everyone`);
      await startCanary(db, input.remote, input.version, percent);
      await audit(db, {
        remote: input.remote,
        action: 'canary',
        version: input.version,
        actor: input.actor,
        detail: `served to ${percent}% of users`,
      });
      return;
    }
    if (state.active_version === input.version && !state.canary_version)
      throw conflict(`${input.remote} ${input.version} is already active`);
    const history =
      state.active_version === input.version ? state.history : [...state.history, state.active_version ?? ''];
    await makeActive(db, input.remote, input.version, history);
    await audit(db, {
      remote: input.remote,
      action: 'activate',
      version: input.version,
      actor: input.actor,
      detail: state.active_version ? `replaces ${state.active_version}` : 'replaces the deployed build',
    });
  });
}

/**
 * Rolls back: a canary ends (everyone keeps the active version); without one, the active version gives
 * way to the one active before it (the deployed build when there was none). Returns what is active now.
 */
export function rollbackRelease(pool: Pool, input: RollbackInput): Promise<RollbackResult> {
  return inTransaction(pool, (db) => rollbackIn(db, input));
}

type RollbackInput = {
  remote: RemoteName;
  actor: string;
  reason?: string;
  auto?: boolean;
  onlyVersion?: string;
};
type RollbackResult = { rolledBack: string; active: string | null } | undefined;

/**
 * `rollbackRelease` inside the caller's transaction. The version restored is not armed for automatic
 * rollback: only an activation arms one.
 */
export async function rollbackIn(db: Queryable, input: RollbackInput): Promise<RollbackResult> {
  const state = await lockedState(db, input.remote);
  const action = input.auto ? 'auto-rollback' : 'rollback';
  if (state.canary_version) {
    if (input.onlyVersion && input.onlyVersion !== state.canary_version) return undefined;
    await endCanary(db, input.remote);
    await audit(db, {
      remote: input.remote,
      action,
      version: state.canary_version,
      actor: input.actor,
      detail: `canary ${state.canary_version} ended; everyone gets ${state.active_version ?? 'the deployed build'}${input.reason ? `: ${input.reason}` : ''}`,
    });
    return { rolledBack: state.canary_version, active: state.active_version };
  }
  if (!state.active_version) {
    if (input.onlyVersion) return undefined;
    throw conflict(`${input.remote} has no release active: it already runs the deployed build`);
  }
  if (input.onlyVersion && input.onlyVersion !== state.active_version) return undefined;
  const history = [...state.history];
  const previous = history.pop() || null;
  await rollBackTo(db, input.remote, previous, history);
  await audit(db, {
    remote: input.remote,
    action,
    version: state.active_version,
    actor: input.actor,
    detail: `back to ${previous ?? 'the deployed build'}${input.reason ? `: ${input.reason}` : ''}`,
  });
  return { rolledBack: state.active_version, active: previous };
}
