import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { LOCKS, lockForTransaction } from '../../db/advisory-lock.ts';
import { countUsers, createUser, DEFAULT_TENANT_ID } from './user.service.ts';

export const FIRST_ADMIN_USERNAME = 'admin';

/**
 * On a first start with no users, creates the admin `admin` in the default tenant, with the password
 * from ANNIE_ADMIN_PASSWORD or a generated one that is printed once.
 */
export async function ensureFirstAdmin(
  em: EntityManager,
  configuredPassword: string | undefined,
  print: (line: string) => void,
): Promise<void> {
  const password = configuredPassword ?? randomBytes(12).toString('base64url');
  // Instances started together on an empty database take turns: the second finds the admin made.
  const created = await em.transactional(async (tx) => {
    await lockForTransaction(tx, LOCKS.firstAdmin);
    if ((await countUsers(tx)) > 0) return false;
    await createUser(tx, {
      username: FIRST_ADMIN_USERNAME,
      password,
      isAdmin: true,
      tenantId: DEFAULT_TENANT_ID,
    });
    return true;
  });
  if (!created) return;
  if (configuredPassword)
    print(`Created admin user "${FIRST_ADMIN_USERNAME}" with the password from ANNIE_ADMIN_PASSWORD.`);
  else
    print(
      `Created admin user "${FIRST_ADMIN_USERNAME}" with password: ${password}  (shown once; change it with user:password)`,
    );
}
