import { createHash } from 'node:crypto';
import type { RemoteName } from '@annie/api-client/contracts/remotes';
import type { Pool } from '../../db/pool.ts';
import { inTransaction, type Queryable } from '../../db/transaction.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-errors.ts';
import { checkCompatibility, type ManifestFacts } from './compatibility-gate.ts';
import { contentTypeOf, fileProblem, isSourceMap } from './release-file-types.ts';

// Plain SQL, not tenant-scoped: the release registry is the operator's, shared by every tenant.

/** The host facts a build is checked against at publish. */
export type PublishHost = {
  /** The version of each shared singleton the shell serves. */
  shared: Record<string, string>;
  /** Origins the pages may load scripts from (a `--url` build must be on one). */
  allowedOrigins: string[];
};

export type UploadedFile = { path: string; content: Buffer };

export type PublishInput = { remote: RemoteName; version: string; publishedBy: string } & (
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
    const manifest = parseJsonFile(input.files, MANIFEST_FILE);
    if (manifest === undefined) throw refused([`the build has no readable ${MANIFEST_FILE}`]);
    const gate = checkCompatibility(
      input.remote,
      manifest,
      parseJsonFile(input.files, DECLARATION_FILE),
      host.shared,
    );
    if (!gate.ok) throw refused(gate.problems);
    return { facts: gate.facts, entry: releaseEntry(input.remote, input.version) };
  }
  const origin = new URL(input.url).origin;
  if (!host.allowedOrigins.includes(origin))
    throw refused([
      `${origin} is not an origin the pages may load scripts from: add it to CORS_ORIGINS on every instance`,
    ]);
  for (const file of input.pinned ?? []) {
    const problem = fileProblem(file.path);
    if (problem) throw refused([problem]);
  }
  const gate = checkCompatibility(input.remote, input.manifest, input.declaration, host.shared);
  if (!gate.ok) throw refused(gate.problems);
  // Served through the API, each file checked against the digest recorded now (release-files.ts).
  return { facts: gate.facts, entry: releaseEntry(input.remote, input.version) };
}

export async function audit(
  db: Queryable,
  entry: { remote: string; action: string; version: string | null; actor: string; detail: string },
): Promise<void> {
  await db.query(
    'insert into remote_audit (remote, action, version, actor, detail) values ($1, $2, $3, $4, $5)',
    [entry.remote, entry.action, entry.version, entry.actor, entry.detail],
  );
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
    const inserted = await db.query(
      `insert into remote_release (remote, version, published_by, storage, entry, shared, exposes, digest, source_url)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict do nothing`,
      [
        input.remote,
        input.version,
        input.publishedBy,
        input.storage,
        entry,
        JSON.stringify(facts.shared),
        JSON.stringify(facts.exposes),
        digests.release,
        input.storage === 'url' ? input.url : null,
      ],
    );
    if (inserted.rowCount === 0) {
      const { rows } = await db.query<{ digest: string | null }>(
        'select digest from remote_release where remote = $1 and version = $2',
        [input.remote, input.version],
      );
      if (rows[0]?.digest === digests.release) return { created: false };
      throw conflict(
        `${input.remote} ${input.version} is already published with other content; a version is never replaced: publish a new version`,
      );
    }
    for (const file of pinned) {
      await db.query(
        `insert into remote_release_file (remote, version, path, content_type, content, sha256)
         values ($1, $2, $3, $4, $5, $6)`,
        [
          input.remote,
          input.version,
          file.path,
          contentTypeOf(file.path),
          input.storage === 'database' ? file.content : null,
          digests.files.get(file.path),
        ],
      );
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
    await db.query('update remote_state set auto_rollback = $2 where remote = $1', [
      input.remote,
      input.enabled,
    ]);
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

type StateRow = {
  active_version: string | null;
  canary_version: string | null;
  canary_percent: number | null;
  history: string[];
};

/** The remote's state row, locked for the rest of the transaction (made empty if it was missing). */
async function lockedState(db: Queryable, remote: string): Promise<StateRow> {
  await db.query('insert into remote_state (remote) values ($1) on conflict do nothing', [remote]);
  const { rows } = await db.query<StateRow>(
    'select active_version, canary_version, canary_percent, history from remote_state where remote = $1 for update',
    [remote],
  );
  return rows[0] as StateRow;
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
    const { rowCount } = await db.query('select 1 from remote_release where remote = $1 and version = $2', [
      input.remote,
      input.version,
    ]);
    if (rowCount === 0) throw notFound(`${input.remote} ${input.version} is not published`);
    const state = await lockedState(db, input.remote);
    const percent = input.percent ?? 100;
    if (percent < 100) {
      if (state.active_version === input.version)
        throw conflict(`${input.remote} ${input.version} is already active for everyone`);
      await db.query(
        `update remote_state set canary_version = $2, canary_percent = $3, canary_at = now() where remote = $1`,
        [input.remote, input.version, percent],
      );
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
    await db.query(
      `update remote_state set active_version = $2, activated_at = now(), active_armed = true,
         canary_version = null, canary_percent = null, canary_at = null, history = $3 where remote = $1`,
      [input.remote, input.version, history],
    );
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
    await db.query(
      'update remote_state set canary_version = null, canary_percent = null, canary_at = null where remote = $1',
      [input.remote],
    );
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
  await db.query(
    `update remote_state set active_version = $2, activated_at = now(), active_armed = false, history = $3
        where remote = $1`,
    [input.remote, previous, history],
  );
  await audit(db, {
    remote: input.remote,
    action,
    version: state.active_version,
    actor: input.actor,
    detail: `back to ${previous ?? 'the deployed build'}${input.reason ? `: ${input.reason}` : ''}`,
  });
  return { rolledBack: state.active_version, active: previous };
}
