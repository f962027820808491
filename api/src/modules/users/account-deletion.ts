import type { EntityManager } from '@mikro-orm/postgresql';
import { endSessionsOf } from '../../http/session-user.ts';
import { notFound } from '../../lib/http-errors.ts';
import type { User } from './user.entity.ts';
import { findUserByUsername } from './user.service.ts';
import { ACCOUNT_GRACE_DAYS } from './user-retention.queries.ts';

/**
 * `user:delete`: the account stops working at once (sessions ended, sign-in refused, the session user
 * no longer loads) and the retention job removes the user and their data after the grace period.
 * Deleting again keeps the first date, so the 90 days are not restarted.
 */
export async function deleteAccount(
  em: EntityManager,
  username: string,
): Promise<{ user: User; purgeAfter: Date }> {
  const user = await findUserByUsername(em, username);
  if (!user) throw notFound(`No user named ${username}`);
  user.deletedAt ??= new Date();
  await em.flush();
  await endSessionsOf(em, user.id);
  const purgeAfter = new Date(user.deletedAt.getTime() + ACCOUNT_GRACE_DAYS * 86_400_000);
  return { user, purgeAfter };
}
