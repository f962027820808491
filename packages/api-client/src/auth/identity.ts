import type { AuthUser } from '@annie/contracts/auth';
import { TENANT_ID_STORAGE_KEY, USER_ID_STORAGE_KEY } from '../http.ts';

/** Remembers the signed-in user's tenant and id so every request sends them as identity headers. */
export function storeIdentity(user: Pick<AuthUser, 'id' | 'tenantId'>): void {
  localStorage.setItem(TENANT_ID_STORAGE_KEY, user.tenantId);
  localStorage.setItem(USER_ID_STORAGE_KEY, user.id);
}

/** Forgets the stored identity, so requests fall back to the default headers. */
export function clearIdentity(): void {
  localStorage.removeItem(TENANT_ID_STORAGE_KEY);
  localStorage.removeItem(USER_ID_STORAGE_KEY);
}
