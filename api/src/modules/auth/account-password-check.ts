import type Koa from 'koa';
import type { Pool } from '../../db/pool.ts';
import type { AuthContext } from '../../http/app-state.ts';
import { verifyAgainstDummy, verifyPassword } from '../../lib/password.ts';
import { passwordHashOf } from '../users/index.ts';
import { passwordCheckSource } from './device-cookie.ts';
import type { PasswordAttemptLimiter } from './password-attempt-limiter.ts';

/** Whether a password typed by the signed-in user is their account password (counted by the limiter). */
export type AccountPasswordCheck = (password: string) => Promise<boolean>;

/**
 * The check a signed-in route runs when it asks for the account password: the attempt is counted
 * against the account like a sign-in before argon2 runs, and only a right password gives it back.
 */
export function accountPasswordCheck(
  pool: Pool,
  limiter: PasswordAttemptLimiter,
  ctx: Koa.Context,
  auth: AuthContext,
): AccountPasswordCheck {
  return async (password) => {
    const hash = await passwordHashOf(pool, { tenantId: auth.tenantId, userId: auth.userId });
    const source = passwordCheckSource(ctx, auth.username, hash);
    return limiter.check(auth.username, source, async () =>
      // An account without a hash costs the same argon2 run, and is never right.
      hash ? verifyPassword(hash, password) : verifyAgainstDummy(password),
    );
  };
}
