import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
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
  if ((await countUsers(em)) > 0) return;
  const password = configuredPassword ?? randomBytes(12).toString('base64url');
  await createUser(em, {
    username: FIRST_ADMIN_USERNAME,
    password,
    isAdmin: true,
    tenantId: DEFAULT_TENANT_ID,
  });
  if (configuredPassword)
    print(`Created admin user "${FIRST_ADMIN_USERNAME}" with the password from ANNIE_ADMIN_PASSWORD.`);
  else
    print(
      `Created admin user "${FIRST_ADMIN_USERNAME}" with password: ${password}  (shown once; change it with user:password)`,
    );
}
