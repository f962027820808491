import { googleCallback } from '@annie/contracts/workspace-routes';
/** Where Google is and who we are to it; built from GOOGLE_* and PUBLIC_URL in config/env.ts. */
export type GoogleProviderConfig = {
  clientId: string;
  clientSecret: string;
  /** PUBLIC_URL + /api/google/callback: the address registered with Google. */
  redirectUri: string;
  /** The API host root for every client (the fake's origin in tests); unset: each API's own host. */
  apiRootUrl?: string;
  endpoints: { oauth2AuthBaseUrl: string; oauth2TokenUrl: string; oauth2RevokeUrl: string };
  toolTimeoutMs: number;
};

/** The message of /api/google/auth's 503 when Google is not configured. */
export const GOOGLE_NOT_CONFIGURED_MESSAGE =
  'Google Workspace is not configured: set GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_TOKEN_KEY and PUBLIC_URL';

const GOOGLE_ENDPOINTS = {
  oauth2AuthBaseUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  oauth2TokenUrl: 'https://oauth2.googleapis.com/token',
  oauth2RevokeUrl: 'https://oauth2.googleapis.com/revoke',
};

/** The provider config, or undefined when Google is not configured (env.ts guarantees the rest is set). */
export function googleConfigFromEnv(env: {
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  PUBLIC_URL?: string;
  GOOGLE_API_ROOT_URL?: string;
  GOOGLE_OAUTH_BASE_URL?: string;
  GOOGLE_TOOL_TIMEOUT_MS: number;
}): GoogleProviderConfig | undefined {
  if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET || !env.PUBLIC_URL) return undefined;
  const oauthBase = env.GOOGLE_OAUTH_BASE_URL?.replace(/\/+$/, '');
  return {
    clientId: env.GOOGLE_CLIENT_ID,
    clientSecret: env.GOOGLE_CLIENT_SECRET,
    redirectUri: new URL(googleCallback.path, env.PUBLIC_URL).href,
    apiRootUrl: env.GOOGLE_API_ROOT_URL?.replace(/\/*$/, '/'),
    endpoints: oauthBase
      ? {
          oauth2AuthBaseUrl: `${oauthBase}/o/oauth2/v2/auth`,
          oauth2TokenUrl: `${oauthBase}/token`,
          oauth2RevokeUrl: `${oauthBase}/revoke`,
        }
      : GOOGLE_ENDPOINTS,
    toolTimeoutMs: env.GOOGLE_TOOL_TIMEOUT_MS,
  };
}
