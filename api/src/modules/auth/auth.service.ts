import type { EntityManager } from '@mikro-orm/postgresql';
import { unauthorized } from '../../lib/http-errors.ts';
import { verifyAgainstDummy, verifyPassword } from '../../lib/password.ts';
import type { User } from '../users/index.ts';
import { findUserByUsername } from '../users/index.ts';
import type { AttemptSource, PasswordAttemptLimiter } from './password-attempt-limiter.ts';

export const INVALID_CREDENTIALS = 'Invalid username or password';

/**
 * Checks credentials under the password attempt limits. The same message and the same argon2 cost
 * answer an unknown user and a wrong password, so a failure does not reveal which it was. The
 * attempt is counted before the password is checked: parallel guesses cannot outrun the limit.
 */
export async function authenticate(
  em: EntityManager,
  limiter: PasswordAttemptLimiter,
  credentials: { username: string; password: string; source: AttemptSource },
): Promise<User> {
  const { username, password, source } = credentials;
  const attempt = await limiter.consume(username, source);
  const user = await findUserByUsername(em, username);
  const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
  // A deleted account answers like an unknown one.
  if (!user || user.deletedAt || !valid) {
    throw unauthorized(INVALID_CREDENTIALS);
  }
  await limiter.succeeded(attempt);
  return user;
}
