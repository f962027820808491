import type { AuthUser } from '@annie/contracts/auth';
import type { User } from './user.entity.ts';

/** The only shape of a user that leaves the server. */
export function toAuthUserDto(
  user: Pick<User, 'id' | 'username' | 'email' | 'isAdmin' | 'tenantId'>,
): AuthUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email ?? null,
    isAdmin: user.isAdmin,
    tenantId: user.tenantId,
  };
}
