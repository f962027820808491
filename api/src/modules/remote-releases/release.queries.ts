import type { RemoteAuditEntry, RemoteReleases, RemoteState } from '@annie/contracts/remote-releases';
import type { RemoteName } from '@annie/contracts/remotes';
import type { RemoteConfig } from '../../config/env.ts';
import { plainSql, runPlain } from '../../db/scoped-sql.ts';
import type { Queryable } from '../../db/transaction.ts';
import { REGISTRY } from './release-state.queries.ts';

const AUDIT_LIMIT = 200;
const REPORTS_LIMIT = 50;

// Plain SQL, not scoped: the release registry is the operator's, shared by every tenant (no tenant_id).

/**
 * Every remote (or one) with its releases, newest first, the load failures reported for each, its
 * active version, canary and rollback target, and the audit log, newest first.
 */
export async function listReleases(
  db: Queryable,
  remotes: readonly RemoteConfig[],
  only?: RemoteName,
): Promise<RemoteReleases> {
  const wanted = remotes.filter((remote) => !only || remote.name === only);
  const names = wanted.map((remote) => remote.name);
  const [releases, states, audit, reports] = await Promise.all([
    db.query<{
      remote: RemoteName;
      version: string;
      published_by: string;
      published_at: Date;
      storage: 'database' | 'url';
      entry: string;
      shared: { name: string; version: string; singleton: boolean }[];
      exposes: string[];
      load_errors: string;
      served_users: string;
      approved_by: string | null;
      approved_at: Date | null;
    }>(
      `select r.*,
              (select count(*) from remote_load_error e
                where e.remote = r.remote and e.version = r.version) as load_errors,
              (select count(*) from remote_assignment a
                where a.remote = r.remote and a.version = r.version) as served_users
         from remote_release r where r.remote = any($1) order by r.published_at desc, r.version desc`,
      [names],
    ),
    db.query<{
      remote: string;
      active_version: string | null;
      canary_version: string | null;
      canary_percent: number | null;
      history: string[];
      auto_rollback: boolean;
      token_approves: boolean;
    }>(
      `select remote, active_version, canary_version, canary_percent, history, auto_rollback, token_approves
         from remote_state where remote = any($1)`,
      [names],
    ),
    db.query<{
      id: string;
      remote: RemoteName;
      action: RemoteAuditEntry['action'];
      version: string | null;
      actor: string;
      detail: string;
      at: Date;
    }>('select * from remote_audit where remote = any($1) order by at desc, id desc limit $2', [
      names,
      AUDIT_LIMIT,
    ]),
    db.query<{ remote: RemoteName; version: string; message: string; counted: boolean; at: Date }>(
      `select remote, version, message, counted, at from remote_load_error
        where remote = any($1) order by at desc, id desc limit $2`,
      [names, REPORTS_LIMIT],
    ),
  ]);
  const result: RemoteState[] = wanted.map((remote) => {
    const state = states.rows.find((row) => row.remote === remote.name);
    return {
      remote: remote.name,
      active: state?.active_version ?? null,
      canary:
        state?.canary_version && state.canary_percent
          ? { version: state.canary_version, percent: state.canary_percent }
          : null,
      previous: state?.canary_version ? (state.active_version ?? null) : state?.history.at(-1) || null,
      override: remote.overridden ? remote.entry : null,
      autoRollback: state?.auto_rollback ?? true,
      tokenApproves: state?.token_approves ?? false,
      releases: releases.rows
        .filter((row) => row.remote === remote.name)
        .map((row) => ({
          remote: row.remote,
          version: row.version,
          publishedBy: row.published_by,
          publishedAt: row.published_at.toISOString(),
          storage: row.storage,
          entry: row.entry,
          shared: row.shared,
          exposes: row.exposes,
          loadErrors: Number(row.load_errors),
          servedUsers: Number(row.served_users),
          approvedBy: row.approved_by,
          approvedAt: row.approved_at?.toISOString() ?? null,
        })),
    };
  });
  return {
    remotes: result,
    audit: audit.rows.map((row) => ({
      id: String(row.id),
      remote: row.remote,
      action: row.action,
      version: row.version,
      actor: row.actor,
      detail: row.detail,
      at: row.at.toISOString(),
    })),
    reports: reports.rows.map((row) => ({
      remote: row.remote,
      version: row.version,
      message: row.message,
      counted: row.counted,
      at: row.at.toISOString(),
    })),
  };
}

const CHOSEN_FILE_SQL = plainSql(
  `${REGISTRY}: a release's files are served to every tenant`,
  `select f.path, o.content_type, f.content, f.sha256, r.source_url from remote_release_file f
     join remote_release_file o on o.remote = f.remote and o.version = f.version and o.path = $3
     join remote_release r on r.remote = f.remote and r.version = f.version
    where f.remote = $1 and f.version = $2 and f.path = any($4)
    order by array_position($4::text[], f.path) limit 1`,
);

const FILE_CONTENT_SQL = plainSql(
  `${REGISTRY}: a release's files are served to every tenant`,
  'select content from remote_release_file where remote = $1 and version = $2 and path = $3',
);

export type ReleaseFileRow = {
  path: string;
  content_type: string;
  content: Buffer | null;
  sha256: string | null;
  source_url: string | null;
};

/**
 * The first of `candidates` (the file's compressed siblings in the client's order of preference, then
 * the file) the release holds, with its content (null for a URL build's) and `path`'s content type:
 * one read, only the chosen form's bytes.
 */
export async function chosenReleaseFile(
  db: Queryable,
  release: { remote: string; version: string; path: string },
  candidates: string[],
): Promise<ReleaseFileRow | undefined> {
  return (
    await runPlain<ReleaseFileRow>(db, CHOSEN_FILE_SQL, [
      release.remote,
      release.version,
      release.path,
      candidates,
    ])
  )[0];
}

/** One stored file's content (after the cache let it go). */
export async function releaseFileContent(
  db: Queryable,
  file: { remote: string; version: string; path: string },
): Promise<Buffer | null | undefined> {
  return (
    await runPlain<{ content: Buffer | null }>(db, FILE_CONTENT_SQL, [file.remote, file.version, file.path])
  )[0]?.content;
}
