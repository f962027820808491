import type { RemoteName } from '@annie/contracts/remotes';
import { plainSql, runPlain } from '../../db/scoped-sql.ts';
import type { Queryable } from '../../db/sql-text.ts';

const TOKENS = "deploy tokens release the operator's remotes, shared by every tenant (no tenant_id)";

export type TokenRow = {
  id: string;
  remote: RemoteName;
  name: string;
  created_by: string;
  created_at: Date;
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
};

const INSERT_SQL = plainSql(
  TOKENS,
  `insert into remote_deploy_token (id, remote, name, token_hash, created_by, expires_at)
   values ($1, $2, $3, $4, $5, $6) returning *`,
);

const LIST_SQL = plainSql(
  TOKENS,
  `select id, remote, name, created_by, created_at, expires_at, revoked_at, last_used_at
     from remote_deploy_token where $1::text is null or remote = $1 order by created_at desc`,
);

const REVOKE_SQL = plainSql(
  TOKENS,
  `update remote_deploy_token set revoked_at = coalesce(revoked_at, now())
    where id::text = $1 or (length($1) >= 8 and id::text like $1 || '%') returning *`,
);

const USE_SQL = plainSql(
  'a deploy token is found by its secret, before any tenant is known',
  `update remote_deploy_token set last_used_at = now()
    where token_hash = $1 and revoked_at is null and (expires_at is null or expires_at > now())
    returning id, remote, name`,
);

export async function insertDeployToken(
  db: Queryable,
  token: {
    id: string;
    remote: RemoteName;
    name: string;
    hash: string;
    createdBy: string;
    expiresAt: Date | null;
  },
): Promise<TokenRow> {
  const rows = await runPlain<TokenRow>(db, INSERT_SQL, [
    token.id,
    token.remote,
    token.name,
    token.hash,
    token.createdBy,
    token.expiresAt,
  ]);
  return rows[0] as TokenRow;
}

export function selectDeployTokens(db: Queryable, remote?: RemoteName): Promise<TokenRow[]> {
  return runPlain<TokenRow>(db, LIST_SQL, [remote ?? null]);
}

/** Revokes the tokens whose id is `id` or starts with it (8 characters at least); the rows it matched. */
export function revokeDeployTokens(db: Queryable, id: string): Promise<TokenRow[]> {
  return runPlain<TokenRow>(db, REVOKE_SQL, [id]);
}

/** The usable token with this hash, its use recorded. */
export async function useDeployToken(
  db: Queryable,
  hash: string,
): Promise<{ id: string; remote: RemoteName; name: string } | undefined> {
  const rows = await runPlain<{ id: string; remote: RemoteName; name: string }>(db, USE_SQL, [hash]);
  return rows[0];
}
