import type { EntityManager } from '@mikro-orm/postgresql';
import { ormQueryable } from '../db/scoped-sql.ts';
import type { AuthContext } from './app-state.ts';
import { deleteSessionsOfUser, sessionUserRow } from './session/session.queries.ts';

// Long enough to spare the database on bursts of requests, short enough that a demoted or deleted
// user loses access within seconds (logout and password changes end the session itself at once).
const CACHE_TTL_MS = 3_000;
const cache = new Map<string, { auth: AuthContext; until: number }>();

/**
 * The session's user as an AuthContext, read with one plain query (no entity hydration on the hot
 * path of every request) and cached for a few seconds; `em` is asked for only on a miss. Null when the
 * user no longer exists or was deleted.
 */
export async function loadSessionUser(em: () => EntityManager, userId: string): Promise<AuthContext | null> {
  const cached = cache.get(userId);
  if (cached && cached.until > Date.now()) return cached.auth;
  const row = await sessionUserRow(ormQueryable(em()), userId);
  if (!row) {
    cache.delete(userId);
    return null;
  }
  const auth = {
    userId: row.id,
    tenantId: row.tenant_id,
    username: row.username,
    email: row.email,
    isAdmin: row.is_admin,
  };
  cache.set(userId, { auth, until: Date.now() + CACHE_TTL_MS });
  if (cache.size > 10_000) cache.clear();
  return auth;
}

/** Drops a user from the cache, e.g. after their password or role changed in this process. */
export function forgetSessionUser(userId: string): void {
  cache.delete(userId);
}

/**
 * Ends every session of a user at once (a password change, a deleted account): the rows go, which the
 * session triggers announce to every instance, and this process forgets the cached user.
 */
export async function endSessionsOf(em: EntityManager, userId: string): Promise<void> {
  await deleteSessionsOfUser(ormQueryable(em), userId);
  forgetSessionUser(userId);
}
