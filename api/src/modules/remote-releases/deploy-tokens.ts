import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { DeployToken } from '@annie/contracts/remote-releases';
import type { RemoteName } from '@annie/contracts/remotes';
import type { Pool } from '../../db/pool.ts';
import { inTransaction, type Queryable } from '../../db/transaction.ts';
import { notFound } from '../../lib/http-errors.ts';
import {
  insertDeployToken,
  revokeDeployTokens,
  selectDeployTokens,
  type TokenRow,
  useDeployToken,
} from './deploy-token.queries.ts';
import { audit } from './release-state.queries.ts';

/** Every deploy token starts so: a leaked one is recognisable (secret scanners, logs). */
export const DEPLOY_TOKEN_PREFIX = 'annie_deploy_';

/** A token as the registry checked it: the one remote it may release, and how the audit log names it. */
export type VerifiedToken = { id: string; remote: RemoteName; name: string; actor: string };

// 256 random bits: a fast hash is enough to store it (nothing to guess), and lets a lookup find it.
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const labelOf = (name: string, id: string) => `${name} (${id.slice(0, 8)})`;

/** How the audit log and a release name what a token did. */
export const tokenActor = (name: string, id: string) => `token:${labelOf(name, id)}`;

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
    const row = await insertDeployToken(db, {
      id,
      remote: input.remote,
      name: input.name,
      hash: hashOf(token),
      createdBy: input.createdBy,
      expiresAt: input.expiresAt,
    });
    await audit(db, {
      remote: input.remote,
      action: 'token-create',
      version: null,
      actor: input.createdBy,
      detail: `deploy token ${labelOf(input.name, id)}${input.expiresAt ? `, expires ${input.expiresAt.toISOString()}` : ''}`,
    });
    return row;
  });
  return { token, deployToken: toDto(row) };
}

export async function listDeployTokens(db: Queryable, remote?: RemoteName): Promise<DeployToken[]> {
  return (await selectDeployTokens(db, remote)).map(toDto);
}

/** Revokes a token: refused from the next request on, on every instance (each request reads the database). */
export async function revokeDeployToken(pool: Pool, id: string, actor: string): Promise<DeployToken> {
  return inTransaction(pool, async (db) => {
    const rows = await revokeDeployTokens(db, id);
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
  const row = await useDeployToken(pool, hashOf(secret));
  return row && { ...row, actor: tokenActor(row.name, row.id) };
}
