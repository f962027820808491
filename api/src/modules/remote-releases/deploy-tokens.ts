import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { DeployToken } from '@annie/api-client/contracts/remote-releases';
import type { RemoteName } from '@annie/api-client/contracts/remotes';
import type { Pool } from '../../db/pool.ts';
import { inTransaction, type Queryable } from '../../db/transaction.ts';
import { notFound } from '../../lib/http-errors.ts';
import { audit } from './release.service.ts';

// Plain SQL, not tenant-scoped: deploy tokens release the operator's remotes, shared by every tenant.

/** Every deploy token starts so: a leaked one is recognisable (secret scanners, logs). */
export const DEPLOY_TOKEN_PREFIX = 'annie_deploy_';

/** A token as the registry checked it: the one remote it may release, and how the audit log names it. */
export type VerifiedToken = { id: string; remote: RemoteName; name: string; actor: string };

// 256 random bits: a fast hash is enough to store it (nothing to guess), and lets a lookup find it.
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const labelOf = (name: string, id: string) => `${name} (${id.slice(0, 8)})`;

/** How the audit log and a release name what a token did. */
export const tokenActor = (name: string, id: string) => `token:${labelOf(name, id)}`;

type TokenRow = {
  id: string;
  remote: RemoteName;
  name: string;
  created_by: string;
  created_at: Date;
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
};

const toDto = (row: TokenRow): DeployToken => ({
  id: row.id,
  remote: row.remote,
  name: row.name,
  createdBy: row.created_by,
  createdAt: row.created_at.toISOString(),
  expiresAt: row.expires_at?.toISOString() ?? null,
  revokedAt: row.revoked_at?.toISOString() ?? null,
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
});

/** Creates a token for one remote; the secret is returned here only (the database keeps its hash). */
export async function createDeployToken(
  pool: Pool,
  input: { remote: RemoteName; name: string; expiresAt: Date | null; createdBy: string },
): Promise<{ token: string; deployToken: DeployToken }> {
  const id = randomUUID();
  const token = `${DEPLOY_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await inTransaction(pool, async (db) => {
    const { rows } = await db.query<TokenRow>(
      `insert into remote_deploy_token (id, remote, name, token_hash, created_by, expires_at)
       values ($1, $2, $3, $4, $5, $6) returning *`,
      [id, input.remote, input.name, hashOf(token), input.createdBy, input.expiresAt],
    );
    await audit(db, {
      remote: input.remote,
      action: 'token-create',
      version: null,
      actor: input.createdBy,
      detail: `deploy token ${labelOf(input.name, id)}${input.expiresAt ? `, expires ${input.expiresAt.toISOString()}` : ''}`,
    });
    return rows[0] as TokenRow;
  });
  return { token, deployToken: toDto(row) };
}

export async function listDeployTokens(db: Queryable, remote?: RemoteName): Promise<DeployToken[]> {
  const { rows } = await db.query<TokenRow>(
    `select id, remote, name, created_by, created_at, expires_at, revoked_at, last_used_at
       from remote_deploy_token where $1::text is null or remote = $1 order by created_at desc`,
    [remote ?? null],
  );
  return rows.map(toDto);
}

/** Revokes a token: refused from the next request on, on every instance (each request reads the database). */
export async function revokeDeployToken(pool: Pool, id: string, actor: string): Promise<DeployToken> {
  return inTransaction(pool, async (db) => {
    const { rows } = await db.query<TokenRow>(
      `update remote_deploy_token set revoked_at = coalesce(revoked_at, now())
        where id::text = $1 or (length($1) >= 8 and id::text like $1 || '%') returning *`,
      [id],
    );
    if (rows.length !== 1) throw notFound(`No single deploy token ${id}`);
    const row = rows[0] as TokenRow;
    await audit(db, {
      remote: row.remote,
      action: 'token-revoke',
      version: null,
      actor,
      detail: `deploy token ${labelOf(row.name, row.id)} revoked`,
    });
    return toDto(row);
  });
}

/**
 * The token `secret` names, if it is known, unexpired and not revoked, with its use recorded. Read from
 * the database on every request, so an expiry or a revocation holds at once on every instance.
 */
export async function verifyDeployToken(pool: Pool, secret: string): Promise<VerifiedToken | undefined> {
  if (!secret.startsWith(DEPLOY_TOKEN_PREFIX)) return undefined;
  const { rows } = await pool.query<{ id: string; remote: RemoteName; name: string }>(
    `update remote_deploy_token set last_used_at = now()
      where token_hash = $1 and revoked_at is null and (expires_at is null or expires_at > now())
      returning id, remote, name`,
    [hashOf(secret)],
  );
  const row = rows[0];
  return row && { ...row, actor: tokenActor(row.name, row.id) };
}
