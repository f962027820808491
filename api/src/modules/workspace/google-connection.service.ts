import type { EntityManager } from '@mikro-orm/postgresql';
import { conflict, notFound } from '../../lib/http-errors.ts';
import type { ConsentResult } from '../../providers/google/google-oauth.ts';
import { type TokenCipher, TokenDecryptError } from '../../providers/google/token-cipher.ts';
import { GoogleAccount } from './google-account.entity.ts';

/** Whose connection: the tenant AND the user (another user of the tenant never sees or uses it). */
export type ConnectionOwner = { tenantId: string; userId: string };

const ACCOUNT_NOT_FOUND = 'Google account not found';

/** What the refresh token's ciphertext is bound to, so it cannot be moved to another user's row. */
export const tokenOwner = (owner: ConnectionOwner) =>
  `google-refresh-token:${owner.tenantId}:${owner.userId}`;

/** Makes `account` the one active account of its owner (the partial unique index allows only one). */
async function activate(em: EntityManager, owner: ConnectionOwner, account: GoogleAccount): Promise<void> {
  await em.nativeUpdate(
    GoogleAccount,
    { userId: owner.userId, isActive: true, id: { $ne: account.id } },
    { isActive: false },
  );
  account.isActive = true;
}

/** Stores a finished consent: the account (new or reconnected) with its encrypted grant, made active. */
export async function saveConnection(
  em: EntityManager,
  owner: ConnectionOwner,
  consent: ConsentResult,
  cipher: TokenCipher,
): Promise<GoogleAccount> {
  return em.transactional(async (tx) => {
    const { identity } = consent;
    const existing = await tx.findOne(GoogleAccount, { userId: owner.userId, googleSub: identity.sub });
    const account =
      existing ??
      tx.create(GoogleAccount, {
        tenantId: owner.tenantId,
        userId: owner.userId,
        googleSub: identity.sub,
        email: identity.email,
        name: identity.name,
        scope: consent.scope,
      });
    account.email = identity.email;
    account.name = identity.name;
    account.picture = identity.picture;
    account.scope = consent.scope;
    account.refreshTokenCipher = cipher.encrypt(consent.refreshToken, tokenOwner(owner));
    await activate(tx, owner, account);
    await tx.flush();
    return account;
  });
}

/** The owner's accounts: the active one first, then by email. */
export function listAccounts(em: EntityManager, owner: ConnectionOwner): Promise<GoogleAccount[]> {
  return em.find(GoogleAccount, { userId: owner.userId }, { orderBy: { isActive: 'desc', email: 'asc' } });
}

/** The account the tools use, if it still holds a grant. */
export function activeAccount(em: EntityManager, owner: ConnectionOwner): Promise<GoogleAccount | null> {
  return em.findOne(GoogleAccount, {
    userId: owner.userId,
    isActive: true,
    refreshTokenCipher: { $ne: null },
  });
}

/** Switches the tools to another of the owner's connected accounts. */
export async function switchActiveAccount(
  em: EntityManager,
  owner: ConnectionOwner,
  accountId: string,
): Promise<GoogleAccount> {
  return em.transactional(async (tx) => {
    const account = await tx.findOne(GoogleAccount, { id: accountId, userId: owner.userId });
    if (!account) throw notFound(ACCOUNT_NOT_FOUND);
    if (!account.refreshTokenCipher)
      throw conflict('Google no longer accepts this account: connect it again');
    await activate(tx, owner, account);
    await tx.flush();
    return account;
  });
}

/**
 * Stores the refresh token Google rotated in place of the one the tool ran with, encrypted for the same
 * owner. Only over that stored ciphertext: a reconnect or another request's save since then is kept.
 */
export async function saveRotatedRefreshToken(
  em: EntityManager,
  owner: ConnectionOwner,
  replaced: { accountId: string; refreshTokenCipher: string },
  refreshToken: string,
  cipher: TokenCipher,
): Promise<void> {
  await em.nativeUpdate(
    GoogleAccount,
    { id: replaced.accountId, userId: owner.userId, refreshTokenCipher: replaced.refreshTokenCipher },
    { refreshTokenCipher: cipher.encrypt(refreshToken, tokenOwner(owner)), updatedAt: new Date() },
  );
}

/** Google refused the grant for good: forget the token and take the account out of use. */
export async function markGrantRevoked(
  em: EntityManager,
  owner: ConnectionOwner,
  accountId: string,
): Promise<void> {
  await em.nativeUpdate(
    GoogleAccount,
    { id: accountId, userId: owner.userId },
    { refreshTokenCipher: null, isActive: false },
  );
}

/**
 * Revokes every grant of the owner at Google, then deletes the accounts. A revocation Google could not
 * confirm leaves everything in place (the caller answers an error and the user can try again), so a
 * disconnect never leaves a live grant behind.
 */
export async function disconnect(
  em: EntityManager,
  owner: ConnectionOwner,
  cipher: TokenCipher,
  revoke: (refreshToken: string) => Promise<void>,
): Promise<string[]> {
  const accounts = await listAccounts(em, owner);
  for (const account of accounts) {
    if (!account.refreshTokenCipher) continue;
    let refreshToken: string;
    try {
      refreshToken = cipher.decrypt(account.refreshTokenCipher, tokenOwner(owner));
    } catch (error) {
      // Stored under a key this server no longer has: nothing it could revoke, so only delete.
      if (error instanceof TokenDecryptError) continue;
      throw error;
    }
    await revoke(refreshToken);
  }
  await removeAccounts(em, owner);
  return accounts.map((account) => account.id);
}

/** Deletes the owner's accounts and their tokens. */
export async function removeAccounts(em: EntityManager, owner: ConnectionOwner): Promise<void> {
  await em.nativeDelete(GoogleAccount, { userId: owner.userId });
}
