import type { GoogleAccount as GoogleAccountDto } from '@annie/contracts/workspace';
import type { GoogleAccount } from './google-account.entity.ts';

/** The fields the browser may see; the token (even encrypted) and Google's ids never leave the server. */
export function toGoogleAccountDto(account: GoogleAccount): GoogleAccountDto {
  return {
    id: account.id,
    name: account.name,
    email: account.email,
    picture: account.picture ?? null,
    isActive: account.isActive,
    connected: account.refreshTokenCipher !== null && account.refreshTokenCipher !== undefined,
    grantedScopes: account.scope.trim() ? account.scope.trim().split(/\s+/) : null,
  };
}
