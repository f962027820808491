import { storeIdentity } from '@annie/api-client/auth/identity';
import { apiJson } from '@annie/api-client/http';
import type { LoginRequest } from '@annie/contracts/auth';
import { LOGIN_PATH } from '@annie/contracts/auth-paths';

/**
 * Signs in (POST `LOGIN_PATH`), then remembers the identity headers; throws an ApiError (a 401 carries the server's
 * message). No react-query and no zod here: this is all the login page's script needs, and the page
 * reloads right after a sign-in, when the app reads the signed-in user under its full contract.
 */
export async function signIn(credentials: LoginRequest): Promise<void> {
  const user = await apiJson<{ id?: unknown; tenantId?: unknown }>('POST', LOGIN_PATH, credentials);
  if (typeof user?.id === 'string' && typeof user.tenantId === 'string') {
    storeIdentity({ id: user.id, tenantId: user.tenantId });
  }
}
