import { randomBytes } from 'node:crypto';
import type { Credentials, OAuth2Client } from 'google-auth-library';
import type { GoogleProviderConfig } from './google-config.ts';
import { GOOGLE_SCOPES } from './google-scopes.ts';

/** What the browser is sent to, and the two secrets the session keeps until the callback. */
export type ConsentStart = { authUrl: string; state: string; codeVerifier: string };

/** The Google account behind a finished consent (userinfo). */
export type GoogleIdentity = { sub: string; email: string; name: string; picture: string | null };

/** A finished consent: the long-lived grant, the first access token and who gave it. */
export type ConsentResult = {
  refreshToken: string;
  accessToken: string;
  expiryDate: number | null;
  scope: string;
  identity: GoogleIdentity;
};

// The Google SDK is loaded on first use, so starting the API or an operator command does not pay for it.
const authLibrary = () => import('google-auth-library');

/** Google's authorization-code flow with PKCE (S256), offline access and a forced consent screen. */
export class GoogleOAuth {
  readonly config: GoogleProviderConfig;

  constructor(config: GoogleProviderConfig) {
    this.config = config;
  }

  /**
   * An OAuth2 client holding these credentials; it refreshes expired access tokens by itself. When a
   * refresh answers a new refresh token (Google may rotate it), the client goes on with the new one and
   * `onRefreshTokenRotated` is told, so the caller can store it.
   */
  async client(
    credentials: Credentials = {},
    onRefreshTokenRotated?: (refreshToken: string) => void,
  ): Promise<OAuth2Client> {
    const { OAuth2Client } = await authLibrary();
    const client = new OAuth2Client({
      clientId: this.config.clientId,
      clientSecret: this.config.clientSecret,
      redirectUri: this.config.redirectUri,
      endpoints: this.config.endpoints,
      // A 401 with an unexpired token (revoked early, clock skew) still earns one refresh and retry.
      forceRefreshOnFailure: true,
    });
    client.setCredentials(credentials);
    if (onRefreshTokenRotated)
      client.on('tokens', (tokens) => {
        const rotated = tokens.refresh_token;
        if (!rotated || rotated === client.credentials.refresh_token) return;
        // google-auth-library puts the token it refreshed with back over the answer's; it reads that
        // token from the client's credentials after this event, so setting it here keeps the new one.
        client.setCredentials({ ...client.credentials, refresh_token: rotated });
        onRefreshTokenRotated(rotated);
      });
    return client;
  }

  /** A fresh state and PKCE pair, and the consent URL that carries the state and the challenge. */
  async startConsent(): Promise<ConsentStart> {
    const client = await this.client();
    const { CodeChallengeMethod } = await authLibrary();
    const { codeVerifier, codeChallenge } = await client.generateCodeVerifierAsync();
    const state = randomBytes(32).toString('base64url');
    const authUrl = client.generateAuthUrl({
      access_type: 'offline',
      // Google returns a refresh token only on consent; forcing it also re-issues one on reconnect.
      prompt: 'consent',
      scope: [...GOOGLE_SCOPES],
      include_granted_scopes: false,
      state,
      code_challenge: codeChallenge,
      code_challenge_method: CodeChallengeMethod.S256,
    });
    return { authUrl, state, codeVerifier };
  }

  /** Exchanges the code (with the verifier) for tokens, then reads who the account is. */
  async finishConsent(code: string, codeVerifier: string): Promise<ConsentResult> {
    const client = await this.client();
    const { tokens } = await client.getToken({ code, codeVerifier });
    if (!tokens.refresh_token || !tokens.access_token)
      throw new Error('Google did not return a refresh token (offline access was not granted)');
    client.setCredentials(tokens);
    const { oauth2 } = await import('@googleapis/oauth2');
    const { data } = await oauth2({
      version: 'v2',
      auth: client,
      rootUrl: this.config.apiRootUrl,
    }).userinfo.get({}, { timeout: this.config.toolTimeoutMs });
    if (!data.id || !data.email) throw new Error('Google did not say which account this is');
    return {
      refreshToken: tokens.refresh_token,
      accessToken: tokens.access_token,
      expiryDate: tokens.expiry_date ?? null,
      scope: tokens.scope ?? '',
      identity: {
        sub: data.id,
        email: data.email,
        name: data.name ?? data.email,
        picture: data.picture ?? null,
      },
    };
  }

  /** Ends the grant at Google (revoking the refresh token revokes its access tokens too). */
  async revoke(refreshToken: string): Promise<void> {
    await (await this.client()).revokeToken(refreshToken);
  }
}

/** Whether Google refused a grant for good (revoked, expired, or the user removed the app). */
export function isInvalidGrant(error: unknown): boolean {
  const data = (error as { response?: { data?: unknown } })?.response?.data;
  if (data && typeof data === 'object' && (data as { error?: unknown }).error === 'invalid_grant')
    return true;
  return error instanceof Error && error.message.includes('invalid_grant');
}

/**
 * What may be logged about a failed Google call. Not the error itself: gaxios errors carry the whole
 * request and response (the revoke URL holds the token, the token request the code, verifier and client
 * secret); gaxios redacts the fields it knows, this logs only what is needed.
 */
export function googleErrorSummary(error: unknown): { message: string; status?: number; reason?: string } {
  const response = (error as { response?: { status?: number; data?: { error?: unknown } } })?.response;
  const reason = typeof response?.data?.error === 'string' ? response.data.error : undefined;
  const message = error instanceof Error ? error.message.slice(0, 300) : 'Unknown error';
  return { message, status: response?.status, reason };
}
