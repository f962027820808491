import { useMutation } from '@tanstack/react-query';
import { type GoogleAuthUrl, googleAuthUrlSchema } from '../contracts/workspace.ts';
import { apiJson } from '../http.ts';

/** GET /api/google/auth: the consent address (the server keeps the state and PKCE verifier in the session). */
export async function getGoogleAuthUrl(): Promise<GoogleAuthUrl> {
  return googleAuthUrlSchema.parse(await apiJson<unknown>('GET', '/api/google/auth'));
}

/** Starts connecting: resolves with the address the browser must be sent to. */
export function useConnectGoogle() {
  return useMutation({ mutationFn: getGoogleAuthUrl });
}
