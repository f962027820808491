import { createHash, randomBytes } from 'node:crypto';
import { FAKE_GOOGLE_BOARD_ACCOUNT, type FakeAccount } from './google-fake-data.ts';

/** A reply the fake's router writes: JSON, HTML or a redirect. */
export type FakeReply =
  | { status: number; json: unknown }
  | { status: number; html: string }
  | { status: 302; location: string };

type PendingConsent = {
  clientId: string;
  redirectUri: string;
  state: string;
  scope: string;
  codeChallenge: string;
};
type IssuedCode = PendingConsent & { account: FakeAccount; used: boolean };
type ChosenConsent = PendingConsent & { account: FakeAccount };
type Grant = { account: FakeAccount; scope: string; revoked: boolean };
type AccessToken = { refreshToken: string; expiresAt: number };

/** One call to the token endpoint, as the fake saw it (secrets and verifiers included, for assertions). */
export type TokenRequest = { grantType: string; params: Record<string, string>; status: number };

const token = (prefix: string) => `${prefix}${randomBytes(18).toString('base64url')}`;
const oauthError = (status: number, error: string, description: string): FakeReply => ({
  status,
  json: { error, error_description: description },
});
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The OAuth half of the Google fake: consent page, token endpoint (authorization code with PKCE S256
 * checked, refresh), revocation, and the bearer check the API endpoints share.
 */
/** The sign-in scopes, which Google's granular consent screen does not let the user untick. */
const SIGN_IN_SCOPES = new Set([
  'openid',
  'email',
  'profile',
  'https://www.googleapis.com/auth/userinfo.email',
  'https://www.googleapis.com/auth/userinfo.profile',
]);

export class GoogleFakeOAuth {
  readonly tokenRequests: TokenRequest[] = [];
  /** Every token the revoke endpoint accepted, in order. */
  readonly revocations: string[] = [];
  account: FakeAccount;
  /** The browser's other signed-in accounts: `authuser=1…` on the consent URL picks one, as Google's chooser does. */
  otherAccounts: FakeAccount[] = [FAKE_GOOGLE_BOARD_ACCOUNT];
  accessTokenTtlSeconds = 3600;
  /** How many coming revocations answer 503 (Google unavailable) without revoking. */
  revokeFailures = 0;
  /** Whether a refresh answers a new refresh token and retires the one it was given (Google may rotate). */
  rotateRefreshTokens = false;
  readonly #pending = new Map<string, ChosenConsent>();
  readonly #codes = new Map<string, IssuedCode>();
  readonly #grants = new Map<string, Grant>();
  readonly #access = new Map<string, AccessToken>();
  readonly #client: { id: string; secret: string };

  constructor(client: { id: string; secret: string }, account: FakeAccount) {
    this.#client = client;
    this.account = account;
  }

  /** GET /o/oauth2/v2/auth: checks the request like Google does, then shows a consent page. */
  consentPage(query: URLSearchParams): FakeReply {
    const get = (name: string) => query.get(name) ?? '';
    if (get('client_id') !== this.#client.id)
      return oauthError(400, 'invalid_client', 'The OAuth client was not found.');
    if (get('response_type') !== 'code')
      return oauthError(400, 'unsupported_response_type', 'response_type must be code');
    if (!get('redirect_uri').startsWith('http'))
      return oauthError(400, 'redirect_uri_mismatch', 'redirect_uri is required');
    if (!get('code_challenge') || get('code_challenge_method') !== 'S256')
      return oauthError(400, 'invalid_request', 'PKCE with code_challenge_method=S256 is required');
    if (!get('scope')) return oauthError(400, 'invalid_scope', 'Missing required parameter: scope');
    const chosen = Number(get('authuser') || 0);
    const account = chosen > 0 ? this.otherAccounts[chosen - 1] : this.account;
    if (!account) return oauthError(400, 'invalid_request', `No signed-in account ${chosen}`);
    const request = token('req-');
    this.#pending.set(request, {
      account,
      clientId: get('client_id'),
      redirectUri: get('redirect_uri'),
      state: get('state'),
      scope: get('scope'),
      codeChallenge: get('code_challenge'),
    });
    const scopes = get('scope')
      .split(' ')
      .map((scope) => `<li>${escapeHtml(scope)}</li>`)
      .join('');
    const switchLinks = [this.account, ...this.otherAccounts]
      .map((other, index) => ({ other, index }))
      .filter(({ other }) => other.sub !== account.sub)
      .map(({ other, index }) => {
        const switched = new URLSearchParams(query);
        switched.set('authuser', String(index));
        return `<a href="/o/oauth2/v2/auth?${escapeHtml(switched.toString())}">Use ${escapeHtml(other.email)}</a>`;
      })
      .join('');
    return {
      status: 200,
      html: `<!doctype html><html><head><title>Sign in - Google Accounts</title><link rel="icon" href="data:,"></head><body>
<h1>Choose what AnnieAI can access</h1><p>Signed in as ${escapeHtml(account.name)} (${escapeHtml(account.email)})</p>
<p>offline access: ${escapeHtml(get('access_type'))}; prompt: ${escapeHtml(get('prompt'))}</p><ul>${scopes}</ul>
<a href="/o/oauth2/v2/approve?request=${request}&decision=allow">Allow</a>
<a href="/o/oauth2/v2/approve?request=${request}&decision=deny">Cancel</a>
${switchLinks}</body></html>`,
    };
  }

  /** The consent page's buttons: back to the app with a code, or with error=access_denied. */
  decide(query: URLSearchParams): FakeReply {
    const pending = this.#pending.get(query.get('request') ?? '');
    if (!pending) return oauthError(400, 'invalid_request', 'Unknown or finished consent request');
    this.#pending.delete(query.get('request') ?? '');
    const back = new URL(pending.redirectUri);
    if (pending.state) back.searchParams.set('state', pending.state);
    if (query.get('decision') !== 'allow') {
      back.searchParams.set('error', 'access_denied');
      return { status: 302, location: back.href };
    }
    // Granular consent: the user may untick any scope but the sign-in ones; only the rest is granted.
    const withheld = new Set((query.get('withhold') ?? '').split(' ').filter(Boolean));
    const scope = pending.scope
      .split(' ')
      .filter((each) => SIGN_IN_SCOPES.has(each) || !withheld.has(each))
      .join(' ');
    const code = token('4/code-');
    this.#codes.set(code, { ...pending, scope, used: false });
    back.searchParams.set('code', code);
    back.searchParams.set('scope', scope);
    return { status: 302, location: back.href };
  }

  /** POST /token: authorization_code (PKCE verified) and refresh_token grants. */
  token(params: Record<string, string>, authorization: string | undefined): FakeReply {
    const reply = this.#token(params, authorization);
    this.tokenRequests.push({ grantType: params.grant_type ?? '', params, status: reply.status });
    return reply;
  }

  #token(params: Record<string, string>, authorization: string | undefined): FakeReply {
    const basic = authorization?.startsWith('Basic ')
      ? Buffer.from(authorization.slice(6), 'base64').toString('utf8').split(':')
      : [];
    const clientId = params.client_id ?? basic[0];
    const clientSecret = params.client_secret ?? basic[1];
    if (clientId !== this.#client.id || clientSecret !== this.#client.secret)
      return oauthError(401, 'invalid_client', 'Unauthorized');
    if (params.grant_type === 'authorization_code') {
      const code = this.#codes.get(params.code ?? '');
      if (!code || code.used) return oauthError(400, 'invalid_grant', 'Malformed auth code.');
      code.used = true;
      if (code.redirectUri !== params.redirect_uri)
        return oauthError(400, 'redirect_uri_mismatch', 'Bad Request');
      const challenge = createHash('sha256')
        .update(params.code_verifier ?? '')
        .digest('base64url');
      if (!params.code_verifier || challenge !== code.codeChallenge)
        return oauthError(400, 'invalid_grant', 'Invalid code verifier.');
      const refreshToken = token('1//refresh-');
      this.#grants.set(refreshToken, { account: code.account, scope: code.scope, revoked: false });
      return {
        status: 200,
        json: { ...this.#issueAccess(refreshToken), refresh_token: refreshToken, scope: code.scope },
      };
    }
    if (params.grant_type === 'refresh_token') {
      const grant = this.#grants.get(params.refresh_token ?? '');
      if (!grant || grant.revoked)
        return oauthError(400, 'invalid_grant', 'Token has been expired or revoked.');
      if (this.rotateRefreshTokens) {
        const rotated = this.#rotate(params.refresh_token ?? '', grant);
        return {
          status: 200,
          json: { ...this.#issueAccess(rotated), refresh_token: rotated, scope: grant.scope },
        };
      }
      return { status: 200, json: { ...this.#issueAccess(params.refresh_token ?? ''), scope: grant.scope } };
    }
    return oauthError(400, 'unsupported_grant_type', 'Invalid grant_type');
  }

  /** Moves the grant to a new refresh token: the old one is refused from now on, its access tokens live on. */
  #rotate(refreshToken: string, grant: Grant): string {
    const rotated = token('1//refresh-');
    this.#grants.delete(refreshToken);
    this.#grants.set(rotated, grant);
    for (const access of this.#access.values())
      if (access.refreshToken === refreshToken) access.refreshToken = rotated;
    return rotated;
  }

  #issueAccess(refreshToken: string) {
    const accessToken = token('ya29.fake-');
    this.#access.set(accessToken, {
      refreshToken,
      expiresAt: Date.now() + this.accessTokenTtlSeconds * 1000,
    });
    return { access_token: accessToken, expires_in: this.accessTokenTtlSeconds, token_type: 'Bearer' };
  }

  /** POST /revoke?token=…: revoking either token ends the whole grant, as at Google. */
  revoke(tokenToRevoke: string): FakeReply {
    if (this.revokeFailures > 0) {
      this.revokeFailures -= 1;
      return oauthError(503, 'temporarily_unavailable', 'The service is unavailable. Try again later.');
    }
    const refreshToken = this.#grants.has(tokenToRevoke)
      ? tokenToRevoke
      : this.#access.get(tokenToRevoke)?.refreshToken;
    const grant = refreshToken ? this.#grants.get(refreshToken) : undefined;
    if (!grant || grant.revoked) return oauthError(400, 'invalid_token', 'Token expired or revoked');
    grant.revoked = true;
    this.revocations.push(tokenToRevoke);
    return { status: 200, json: {} };
  }

  /** The scopes granted to the grant behind a bearer token (empty when the token is not valid). */
  grantedScopes(authorization: string | undefined): string[] {
    const access = this.#access.get(authorization?.replace(/^Bearer /, '') ?? '');
    return access ? (this.#grants.get(access.refreshToken)?.scope.split(' ') ?? []) : [];
  }

  /** The account behind a bearer token, or undefined when it is unknown, expired or revoked. */
  bearer(authorization: string | undefined): FakeAccount | undefined {
    const access = this.#access.get(authorization?.replace(/^Bearer /, '') ?? '');
    if (!access || access.expiresAt <= Date.now()) return undefined;
    const grant = this.#grants.get(access.refreshToken);
    return grant && !grant.revoked ? grant.account : undefined;
  }

  /** Ends every access token now (refresh tokens stay valid), so the next API call must refresh. */
  expireAccessTokens(): void {
    for (const access of this.#access.values()) access.expiresAt = 0;
  }

  /** Revokes a grant from Google's side, as a user removing the app in their account settings would. */
  revokeAllGrants(): void {
    for (const grant of this.#grants.values()) grant.revoked = true;
  }

  /** Whether a refresh token is known and still valid. */
  isGrantActive(refreshToken: string): boolean {
    const grant = this.#grants.get(refreshToken);
    return Boolean(grant && !grant.revoked);
  }
}
