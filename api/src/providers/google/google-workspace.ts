import type { WorkspaceToolName, WorkspaceToolParams } from '@annie/api-client/contracts/workspace-tools';
import type { Credentials } from 'google-auth-library';
import { googleApis } from './google-apis.ts';
import { type GoogleOAuth, isInvalidGrant } from './google-oauth.ts';
import { GOOGLE_TOOL_IMPLEMENTATIONS } from './google-tools.ts';
import { capResult } from './result-cap.ts';

/** Why a tool did not run: Google refused the grant for good, took too long, or answered an error. */
export class GoogleToolError extends Error {
  override name = 'GoogleToolError';
  readonly kind: 'invalid_grant' | 'timeout' | 'google';

  constructor(kind: GoogleToolError['kind'], message: string) {
    super(message);
    this.kind = kind;
  }
}

/** The grant a tool runs on: a stable key for the access-token cache and the decrypted refresh token. */
export type ToolGrant = { key: string; refreshToken: string };

const MESSAGE_MAX = 300;

/**
 * Runs the workspace tools for one grant. Access tokens are kept in memory per grant until they expire
 * (google-auth-library refreshes them, and retries once on a 401), so a tool call costs no token request.
 */
export class GoogleWorkspace {
  readonly #oauth: GoogleOAuth;
  readonly #now: () => Date;
  readonly #accessTokens = new Map<string, Credentials>();

  constructor(oauth: GoogleOAuth, now: () => Date = () => new Date()) {
    this.#oauth = oauth;
    this.#now = now;
  }

  /** Runs one tool; resolves with its compact, size-capped result or throws GoogleToolError. */
  async run<N extends WorkspaceToolName>(
    grant: ToolGrant,
    name: N,
    params: WorkspaceToolParams[N],
  ): Promise<unknown> {
    const cached = this.#accessTokens.get(grant.key);
    const auth = this.#oauth.client({ ...cached, refresh_token: grant.refreshToken });
    auth.on('tokens', (tokens) => {
      if (tokens.access_token)
        this.#accessTokens.set(grant.key, {
          access_token: tokens.access_token,
          expiry_date: tokens.expiry_date,
        });
    });
    const { toolTimeoutMs, apiRootUrl } = this.#oauth.config;
    const signal = AbortSignal.timeout(toolTimeoutMs);
    const timedOut = new Promise<never>((_, reject) => {
      signal.addEventListener('abort', () =>
        reject(new GoogleToolError('timeout', `Google did not answer within ${toolTimeoutMs} ms`)),
      );
    });
    const context = { apis: googleApis(auth, apiRootUrl), call: { signal }, now: this.#now };
    const implementation = GOOGLE_TOOL_IMPLEMENTATIONS[name] as (
      c: typeof context,
      p: typeof params,
    ) => Promise<unknown>;
    try {
      return capResult(await Promise.race([implementation(context, params), timedOut]));
    } catch (error) {
      if (error instanceof GoogleToolError) throw error;
      if (isInvalidGrant(error)) {
        this.forget(grant.key);
        throw new GoogleToolError(
          'invalid_grant',
          'Google no longer accepts this account’s access: connect it again',
        );
      }
      if (signal.aborted)
        throw new GoogleToolError('timeout', `Google did not answer within ${toolTimeoutMs} ms`);
      const message = error instanceof Error ? error.message : String(error);
      throw new GoogleToolError('google', message.slice(0, MESSAGE_MAX));
    }
  }

  /** Drops the cached access token of a grant (on disconnect or when Google refused it). */
  forget(key: string): void {
    this.#accessTokens.delete(key);
  }
}
