import { callRoute } from '@annie/api-client/call-route';
import type { GoogleAuthUrl } from '@annie/contracts/workspace';
import { startGoogleConsent } from '@annie/contracts/workspace-routes';
import { useMutation } from '@tanstack/react-query';

/** The consent address (the server keeps the state and PKCE verifier in the session). */
export function getGoogleAuthUrl(): Promise<GoogleAuthUrl> {
  return callRoute(startGoogleConsent);
}

/** Starts connecting: resolves with the address the browser must be sent to. */
export function useConnectGoogle() {
  return useMutation({ mutationFn: getGoogleAuthUrl });
}
