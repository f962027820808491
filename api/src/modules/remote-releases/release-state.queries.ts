import { plainSql, runPlain } from '../../db/scoped-sql.ts';
import type { Queryable } from '../../db/sql-text.ts';

/** Why this module's statements are plain: the registry has no tenant_id. */
export const REGISTRY =
  "the remote release registry is the operator's, shared by every tenant (no tenant_id)";

const AUDIT_SQL = plainSql(
  REGISTRY,
  'insert into remote_audit (remote, action, version, actor, detail) values ($1, $2, $3, $4, $5)',
);

const INSERT_RELEASE_SQL = plainSql(
  REGISTRY,
  `insert into remote_release (remote, version, published_by, storage, entry, shared, exposes, digest, source_url,
     approved_by, approved_at)
   values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::text, case when $10::text is null then null else now() end)
   on conflict do nothing
   returning version`,
);

const LEDGER_SQL = plainSql(
  REGISTRY,
  `insert into remote_version_ledger (remote, version, digest) values ($1, $2, $3) on conflict do nothing
   returning version`,
);

const RELEASE_DIGEST_SQL = plainSql(
  REGISTRY,
  'select digest from remote_release where remote = $1 and version = $2',
);

const INSERT_FILE_SQL = plainSql(
  REGISTRY,
  `insert into remote_release_file (remote, version, path, content_type, content, sha256, size)
   values ($1, $2, $3, $4, $5, $6, $7)`,
);

const ENSURE_STATE_SQL = plainSql(
  REGISTRY,
  'insert into remote_state (remote) values ($1) on conflict do nothing',
);

const LOCK_STATE_SQL = plainSql(
  REGISTRY,
  'select active_version, canary_version, canary_percent, history from remote_state where remote = $1 for update',
);

const AUTO_ROLLBACK_SQL = plainSql(REGISTRY, 'update remote_state set auto_rollback = $2 where remote = $1');

const CANARY_SQL = plainSql(
  REGISTRY,
  'update remote_state set canary_version = $2, canary_percent = $3, canary_at = now() where remote = $1',
);

const ACTIVATE_SQL = plainSql(
  REGISTRY,
  `update remote_state set active_version = $2, activated_at = now(), active_armed = true,
     canary_version = null, canary_percent = null, canary_at = null, history = $3 where remote = $1`,
);

const END_CANARY_SQL = plainSql(
  REGISTRY,
  'update remote_state set canary_version = null, canary_percent = null, canary_at = null where remote = $1',
);

const ROLL_BACK_SQL = plainSql(
  REGISTRY,
  `update remote_state set active_version = $2, activated_at = now(), active_armed = false, history = $3
   where remote = $1`,
);

export type AuditEntry = {
  remote: string;
  action: string;
  version: string | null;
  actor: string;
  detail: string;
};

export async function audit(db: Queryable, entry: AuditEntry): Promise<void> {
  await runPlain(db, AUDIT_SQL, [entry.remote, entry.action, entry.version, entry.actor, entry.detail]);
}

export type NewRelease = {
  remote: string;
  version: string;
  publishedBy: string;
  storage: 'database' | 'url';
  entry: string;
  shared: unknown;
  exposes: unknown;
  digest: string;
  sourceUrl: string | null;
  /** Who approved it at publish (an administrator or the operator); null: a token's, not approved yet. */
  approvedBy: string | null;
};

/** Records the release; false when that version already exists (nothing written). */
export async function insertRelease(db: Queryable, release: NewRelease): Promise<boolean> {
  const rows = await runPlain(db, INSERT_RELEASE_SQL, [
    release.remote,
    release.version,
    release.publishedBy,
    release.storage,
    release.entry,
    JSON.stringify(release.shared),
    JSON.stringify(release.exposes),
    release.digest,
    release.sourceUrl,
    release.approvedBy,
  ]);
  return rows.length > 0;
}

/** Records that the version number was used; false when it ever was (kept after the release is deleted). */
export async function claimVersion(
  db: Queryable,
  remote: string,
  version: string,
  digest: string,
): Promise<boolean> {
  return (await runPlain(db, LEDGER_SQL, [remote, version, digest])).length > 0;
}

/** The release's digest; undefined when it is not published (null for one published before digests). */
export async function releaseDigest(
  db: Queryable,
  remote: string,
  version: string,
): Promise<string | null | undefined> {
  const rows = await runPlain<{ digest: string | null }>(db, RELEASE_DIGEST_SQL, [remote, version]);
  return rows[0] === undefined ? undefined : rows[0].digest;
}

export async function insertReleaseFile(
  db: Queryable,
  file: {
    remote: string;
    version: string;
    path: string;
    contentType: string;
    content: Buffer | null;
    sha256: string | undefined;
    size: number;
  },
): Promise<void> {
  await runPlain(db, INSERT_FILE_SQL, [
    file.remote,
    file.version,
    file.path,
    file.contentType,
    file.content,
    file.sha256,
    file.size,
  ]);
}

export type StateRow = {
  active_version: string | null;
  canary_version: string | null;
  canary_percent: number | null;
  history: string[];
};

/** The remote's state row, locked for the rest of the transaction (made empty if it was missing). */
export async function lockedState(db: Queryable, remote: string): Promise<StateRow> {
  await runPlain(db, ENSURE_STATE_SQL, [remote]);
  const rows = await runPlain<StateRow>(db, LOCK_STATE_SQL, [remote]);
  return rows[0] as StateRow;
}

export async function updateAutoRollback(db: Queryable, remote: string, enabled: boolean): Promise<void> {
  await runPlain(db, AUTO_ROLLBACK_SQL, [remote, enabled]);
}

export async function startCanary(
  db: Queryable,
  remote: string,
  version: string,
  percent: number,
): Promise<void> {
  await runPlain(db, CANARY_SQL, [remote, version, percent]);
}

/** Makes `version` active for everyone, armed for automatic rollback; any canary ends. */
export async function makeActive(
  db: Queryable,
  remote: string,
  version: string,
  history: string[],
): Promise<void> {
  await runPlain(db, ACTIVATE_SQL, [remote, version, history]);
}

export async function endCanary(db: Queryable, remote: string): Promise<void> {
  await runPlain(db, END_CANARY_SQL, [remote]);
}

/** Back to `previous` (null: the deployed build), not armed: only an activation arms one. */
export async function rollBackTo(
  db: Queryable,
  remote: string,
  previous: string | null,
  history: string[],
): Promise<void> {
  await runPlain(db, ROLL_BACK_SQL, [remote, previous, history]);
}

const STATE_FOR_DELETE_SQL = plainSql(
  REGISTRY,
  'select active_version, canary_version, history from remote_state where remote = $1 for update',
);

const DROP_FROM_HISTORY_SQL = plainSql(
  REGISTRY,
  'update remote_state set history = array_remove(history, $2) where remote = $1',
);

const DELETE_RELEASE_SQL = plainSql(
  REGISTRY,
  'delete from remote_release where remote = $1 and version = $2',
);
const DELETE_ASSIGNMENTS_SQL = plainSql(
  REGISTRY,
  'delete from remote_assignment where remote = $1 and version = $2',
);
const DELETE_LOAD_ERRORS_SQL = plainSql(
  REGISTRY,
  'delete from remote_load_error where remote = $1 and version = $2',
);

const OLDER_RELEASES_SQL = plainSql(
  REGISTRY,
  'select version from remote_release where remote = $1 order by published_at desc, version desc offset $2',
);

/** The remote's active and canary versions and rollback history, locked (the row made if it was missing). */
export async function lockedVersions(
  db: Queryable,
  remote: string,
): Promise<{ active_version: string | null; canary_version: string | null; history: string[] } | undefined> {
  await runPlain(db, ENSURE_STATE_SQL, [remote]);
  return (
    await runPlain<{ active_version: string | null; canary_version: string | null; history: string[] }>(
      db,
      STATE_FOR_DELETE_SQL,
      [remote],
    )
  )[0];
}

/** Takes `version` out of the rollback chain. */
export async function dropFromHistory(db: Queryable, remote: string, version: string): Promise<void> {
  await runPlain(db, DROP_FROM_HISTORY_SQL, [remote, version]);
}

/** Deletes the release (its files go with it), who was served it and its load failures. */
export async function deleteReleaseRows(db: Queryable, remote: string, version: string): Promise<void> {
  await runPlain(db, DELETE_RELEASE_SQL, [remote, version]);
  await runPlain(db, DELETE_ASSIGNMENTS_SQL, [remote, version]);
  await runPlain(db, DELETE_LOAD_ERRORS_SQL, [remote, version]);
}

/** The remote's versions after the newest `keep`, newest first. */
export async function releasesAfterNewest(db: Queryable, remote: string, keep: number): Promise<string[]> {
  return (await runPlain<{ version: string }>(db, OLDER_RELEASES_SQL, [remote, keep])).map(
    (row) => row.version,
  );
}
