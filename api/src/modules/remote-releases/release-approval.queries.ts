import { plainSql, runPlain } from '../../db/scoped-sql.ts';
import type { Queryable } from '../../db/sql-text.ts';
import { REGISTRY } from './release-state.queries.ts';

const RELEASE_SQL = plainSql(
  REGISTRY,
  `select version, published_by, published_at, approved_by, approved_at, shared from remote_release
    where remote = $1 and version = $2`,
);

const APPROVE_SQL = plainSql(
  REGISTRY,
  `update remote_release set approved_at = now(), approved_by = $3
    where remote = $1 and version = $2 and approved_at is null returning version`,
);

const FILES_SQL = plainSql(
  REGISTRY,
  'select path, size, sha256 from remote_release_file where remote = $1 and version = $2 order by path',
);

const TOKEN_APPROVES_SQL = plainSql(
  REGISTRY,
  'update remote_state set token_approves = $2 where remote = $1',
);

const READ_TOKEN_APPROVES_SQL = plainSql(
  REGISTRY,
  'select token_approves from remote_state where remote = $1',
);

const ACTIVE_SQL = plainSql(REGISTRY, 'select active_version from remote_state where remote = $1');

/** The version everyone is served now (null: the deployed build). */
export async function activeVersion(db: Queryable, remote: string): Promise<string | null> {
  return (
    (await runPlain<{ active_version: string | null }>(db, ACTIVE_SQL, [remote]))[0]?.active_version ?? null
  );
}

export type ApprovalRow = {
  version: string;
  published_by: string;
  published_at: Date;
  approved_by: string | null;
  approved_at: Date | null;
  shared: { name: string; version: string; singleton: boolean }[];
};

export type FileFacts = { path: string; size: string | null; sha256: string | null };

export async function releaseForApproval(
  db: Queryable,
  remote: string,
  version: string,
): Promise<ApprovalRow | undefined> {
  return (await runPlain<ApprovalRow>(db, RELEASE_SQL, [remote, version]))[0];
}

/** Marks the version approved; false when it already was (or does not exist). */
export async function markApproved(
  db: Queryable,
  remote: string,
  version: string,
  by: string,
): Promise<boolean> {
  return (await runPlain(db, APPROVE_SQL, [remote, version, by])).length > 0;
}

export function releaseFileFacts(db: Queryable, remote: string, version: string): Promise<FileFacts[]> {
  return runPlain<FileFacts>(db, FILES_SQL, [remote, version]);
}

export async function updateTokenApproves(db: Queryable, remote: string, enabled: boolean): Promise<void> {
  await runPlain(db, TOKEN_APPROVES_SQL, [remote, enabled]);
}

export async function tokenApproves(db: Queryable, remote: string): Promise<boolean> {
  return (
    (await runPlain<{ token_approves: boolean }>(db, READ_TOKEN_APPROVES_SQL, [remote]))[0]?.token_approves ??
    false
  );
}
